#!/usr/bin/env bash
# What PASS's change triggers cost pass-core's writes: pass-core-shaped writes (a grant saved; a
# submission saved with its grants rewritten, in one transaction) by 1 and by 8 concurrent writers,
# and one statement updating all 50,000 submissions, on pass-core 2.5.1's schema loaded with
# seed.sql, in four copies of one database: without triggers ("none"), with the NOTIFY triggers of
# V6 ("notify"), with the change log of V7 ("log") and with V9's functions for it ("v9", the release
# before); this release's V11 replaces them by a counter that writes no row (instructions.sh counts it). The rounds alternate the four, so that all are measured in one sitting;
# medians at the end, with each one's share of the throughput without triggers, and the writer's
# backend CPU per transaction (cpu-per-transaction.sql: the server must run on this machine), which
# hardly depends on the machine's load, where throughput does, with what the triggers add to it.
#
#   ./mvnw -B -o -pl deploy/launcher -am package -DskipTests   # once (the embedded PostgreSQL)
#   bash deploy/bench/notices/run.sh [seconds per measurement, default 10] [rounds, default 3]
#   (SUBMISSION_DB_URL=postgresql://127.0.0.1:5432/postgres SUBMISSION_DB_USER=postgres: a server of
#    your own instead of the embedded one, e.g. a fresh PostgreSQL with its default settings;
#    BENCH_PASS_CORE_SCHEMA=<pass-core's schema.sql>, by default shared/reference/pass-core/schema.sql
#    beside the checkout or one of its parent folders;
#    PGOPTIONS='-c synchronous_commit=off': the writes without waiting for the disk, their CPU alone)
#
# Needs pgbench and psql (apt-get install -y postgresql-client). No policy pod runs: the figures are
# the writes' own cost. Not part of `verify`.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
HERE="$ROOT/deploy/bench/notices"
MIGRATIONS="$ROOT/shared-model/src/main/resources/db/migration"
SECONDS_EACH="${1:-10}"
ROUNDS="${2:-3}"
WORK="$(mktemp -d /tmp/notices-bench.XXXXXX)"
for tool in pgbench psql; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y postgresql-client)" >&2; exit 1; }
done
source "$ROOT/deploy/bench/common.sh"
SCHEMA="$(pass_core_schema "$ROOT")"
[ -n "$SCHEMA" ] || { echo "pass-core's schema.sql not found: set BENCH_PASS_CORE_SCHEMA" >&2; exit 1; }
source "$ROOT/deploy/bench/local-database.sh"
trap 'stop_local_database; rm -rf "$WORK"' EXIT
start_local_database "$WORK"
DB_HOST="$(sed -E 's#^[a-z:]*//([^:/]+).*$#\1#' <<<"$SUBMISSION_DB_URL")"
export PGHOST="$DB_HOST" PGPORT="$DB_PORT" PGUSER="${SUBMISSION_DB_USER:-postgres}"
sql() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }
VARIANTS=(none notify log v9)

echo "== $(sql -d postgres -Atc 'SELECT version()'); fsync $(sql -d postgres -Atc 'SHOW fsync'), synchronous_commit $(sql -d postgres -Atc 'SHOW synchronous_commit')"
echo "== pass-core's schema ($SCHEMA) and seed.sql, four copies"
for variant in template "${VARIANTS[@]}"; do
  sql -d postgres -c "DROP DATABASE IF EXISTS bench_notices_$variant"
done
sql -d postgres -c "CREATE DATABASE bench_notices_template"
sql -d bench_notices_template -f "$SCHEMA" > /dev/null
sql -d bench_notices_template -f "$HERE/seed.sql"
for variant in "${VARIANTS[@]}"; do
  sql -d postgres -c "CREATE DATABASE bench_notices_$variant TEMPLATE bench_notices_template"
done
sql -d bench_notices_notify -f "$MIGRATIONS/V6__pass_change_notices.sql"
sql -d bench_notices_log -f "$MIGRATIONS/V6__pass_change_notices.sql" -f "$MIGRATIONS/V7__pass_change_log.sql" 2>/dev/null
sql -d bench_notices_v9 -f "$MIGRATIONS/V6__pass_change_notices.sql" -f "$MIGRATIONS/V7__pass_change_log.sql" \
  -f "$MIGRATIONS/V9__pass_change_log_cheaper.sql" 2>/dev/null

tps() {  # database, script, clients
  pgbench -n -M prepared -c "$3" -j "$3" -T "$SECONDS_EACH" -f "$HERE/$2.sql" "$1" 2>&1 \
    | sed -nE 's/^tps = ([0-9.]+) .*/\1/p' | cut -d. -f1
}
bulk_ms() {  # database: one statement updating every submission, rolled back so that each round starts alike
  sql -d "$1" -At <<<'\timing on
BEGIN;
UPDATE pass_submission SET version = version + 1;
ROLLBACK;' | sed -nE 's/^Time: ([0-9.]+) ms.*/\1/p' | sed -n 2p
}
cpu_us() {  # database: backend CPU µs per grant update and per submission save, "grant save"
  local ticks="$WORK/ticks-$1" hz n=20000
  hz="$(getconf CLK_TCK)"
  : > "$ticks"
  sql -d "$1" -v n="$n" -v out="$ticks" -f "$HERE/cpu-per-transaction.sql" > /dev/null
  awk -v n="$n" -v hz="$hz" '{ t[NR] = $1 } END { printf "%.0f %.0f", (t[2] - t[1]) * 1e6 / hz / n, (t[3] - t[2]) * 1e6 / hz / n }' "$ticks"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

ROWS=("grant-update 1" "grant-update 8" "submission-save 1" "submission-save 8")
for round in $(seq 1 "$ROUNDS"); do
  echo "== round $round of $ROUNDS"
  for row in "${ROWS[@]}"; do
    set -- $row
    for variant in "${VARIANTS[@]}"; do
      result="$(tps "bench_notices_$variant" "$1" "$2")"
      echo "$1 $2 $variant $result" >> "$WORK/tps"
      echo "  $1, $2 writer(s), $variant: $result tps"
    done
  done
  for variant in "${VARIANTS[@]}"; do
    result="$(cpu_us "bench_notices_$variant")"
    echo "$variant $result" >> "$WORK/cpu"
    echo "  backend CPU per transaction, $variant: grant update, submission save: $result µs"
  done
  for variant in "${VARIANTS[@]}"; do
    result="$(bulk_ms "bench_notices_$variant")"
    echo "$variant $result" >> "$WORK/bulk"
    echo "  all 50,000 submissions in one UPDATE, $variant: $result ms"
  done
done

echo "== medians of $ROUNDS rounds of ${SECONDS_EACH} s (share of the throughput without triggers)"
printf '%-34s %10s' "writes" none
printf ' %18s' "${VARIANTS[@]:1}"
echo
for row in "${ROWS[@]}"; do
  set -- $row
  declare -A m=()
  for variant in "${VARIANTS[@]}"; do
    m[$variant]="$(awk -v w="$1" -v c="$2" -v v="$variant" '$1 == w && $2 == c && $3 == v { print $4 }' "$WORK/tps" | median)"
  done
  printf '%-34s %10s' "$1, $2 writer(s), tps" "${m[none]}"
  for variant in "${VARIANTS[@]:1}"; do
    printf ' %11s (%3d %%)' "${m[$variant]}" $(( ${m[$variant]%.*} * 100 / ${m[none]%.*} ))
  done
  echo
done
for column in 2 3; do  # and what the triggers add, as a share of the write's own CPU
  printf '%-35s' "$([ "$column" = 2 ] && echo 'grant update, CPU µs' || echo 'submission save, CPU µs')"
  base="$(awk -v c="$column" '$1 == "none" { print $c }' "$WORK/cpu" | median)"
  printf ' %10s' "$base"
  for variant in "${VARIANTS[@]:1}"; do
    us="$(awk -v v="$variant" -v c="$column" '$1 == v { print $c }' "$WORK/cpu" | median)"
    printf ' %11s (+%3d %%)' "$us" "$(awk -v u="$us" -v b="$base" 'BEGIN { printf "%.0f", (u - b) * 100 / b }')"
  done
  echo
done
printf '%-34s' "UPDATE of 50,000, ms"
for variant in "${VARIANTS[@]}"; do
  printf ' %10s' "$(awk -v v="$variant" '$1 == v { print $2 }' "$WORK/bulk" | median)"
done
echo
for variant in "${VARIANTS[@]}"; do
  sql -d postgres -c "DROP DATABASE bench_notices_$variant"
done
sql -d postgres -c "DROP DATABASE bench_notices_template"
