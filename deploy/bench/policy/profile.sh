#!/usr/bin/env bash
# Profile of the policy service's statements: buffers read and rows touched per statement, and one
# EXPLAIN (ANALYZE, BUFFERS), on run.sh's generated data set twice: in the services' own layout
# (the migrations), and copied into pass-core 2.5.1's layout (its pg_dump --schema-only, with its
# real indexes) before and after the indexes of the database owner's script (deploy/db/owner-setup.sql).
# Each statement is the package's own (StatementScript.java), prepared, run by pgbench for 2,000
# random submissions on one connection, with PostgreSQL's default random_page_cost (4) and with the
# one the package's connections send. Counts come from pg_stat_database, so they do not depend on
# what else the machine runs.
#
#   ./mvnw -B -o -pl policy-service,deploy/launcher -am package -DskipTests   # once
#   bash deploy/bench/policy/profile.sh [quarkus-app folder of another build to profile as well]
#   (BENCH_PASS_CORE_SCHEMA=<pass-core's schema.sql>; by default shared/reference/pass-core/schema.sql
#    beside the checkout or one of its parent folders, as the tests find it; without it, only the
#    services' layout is profiled)
#
# Needs pgbench and psql (apt-get install -y postgresql-client). Not part of `verify`.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
HERE="$ROOT/deploy/bench/policy"
JAR="$ROOT/policy-service/target/quarkus-app/quarkus-run.jar"
WORK="$(mktemp -d /tmp/policy-profile.XXXXXX)"
PORT="${BENCH_PORT:-18082}"
TITLE="Example University Open Access Policy"
REPOSITORY="Example Scholarship"
EXECUTIONS=2000
export SUBMISSION_BACKEND_USER=bench SUBMISSION_BACKEND_PASSWORD=bench-secret
for tool in pgbench psql java; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y postgresql-client)" >&2; exit 1; }
done
source "$ROOT/deploy/bench/common.sh"
SCHEMA="$(pass_core_schema "$ROOT")"
source "$HERE/service.sh"

echo "== the generated data set in the services' layout (the service migrates and loads it)"
start_policy_service
kill "$SERVICE_PID"; wait "$SERVICE_PID" 2>/dev/null || true
sql() { psql -X -q -h 127.0.0.1 -p "$DB_PORT" -U postgres -v ON_ERROR_STOP=1 "$@"; }
sql -d postgres -c ANALYZE

APPS=("$APP") NAMES=(this)
[ $# -eq 0 ] || { APPS+=("$(cd "$1" && pwd)"); NAMES+=(other); }
for i in "${!APPS[@]}"; do
  for endpoint in policies repositories; do
    java "$HERE/StatementScript.java" "${APPS[$i]}" "$endpoint" > "$WORK/$endpoint-$i.sql"
  done
  java "$HERE/StatementScript.java" "${APPS[$i]}" pgoptions > "$WORK/pgoptions-$i"
done

counters() { sql -d "$1" -Atc "SELECT blks_hit + blks_read, tup_returned + tup_fetched FROM pg_stat_database WHERE datname = current_database()"; }
work() {  # database, statement file, PGOPTIONS: buffers and rows per execution
  local before after
  sleep 1; before="$(counters "$1")"
  PGOPTIONS="$3" pgbench -n -h 127.0.0.1 -p "$DB_PORT" -U postgres -M prepared -c 1 -t "$EXECUTIONS" \
    -D title="$TITLE" -D rules=false -D repository="$REPOSITORY" -f "$2" "$1" > "$WORK/pgbench.txt" 2>&1 \
    || { cat "$WORK/pgbench.txt" >&2; exit 1; }
  sleep 1.5; after="$(counters "$1")"  # the statistics reach pg_stat_database within 500 ms
  awk -F'|' -v b="$before" -v n="$EXECUTIONS" 'BEGIN { split(b, x, "|") } { printf "%8.1f %8.1f", ($1 - x[1]) / n, ($2 - x[2]) / n }' <<<"$after"
}
explain() {  # database, statement file, PGOPTIONS: the plan the sixth execution uses (the generic one)
  local body signature="bigint, text, boolean" values="'$TITLE', false"
  body="$(sed 1d "$2" | sed 's/:id/$1/g; s/:title/$2/g; s/:rules/$3/g; s/:repository/$4/g; s/;$//')"
  if grep -q '\$4' <<<"$body"; then signature="$signature, text" values="$values, '$REPOSITORY'"; fi
  {
    echo "PREPARE s($signature) AS $body;"
    for id in 100001 100002 100003 100004 100005; do echo "EXECUTE s($id, $values);"; done
    echo "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE s(100002, $values);"
  } > "$WORK/explain.sql"
  PGOPTIONS="$3" sql -d "$1" -f "$WORK/explain.sql" | sed -n '/QUERY PLAN/,$p' | sed 's/^/      /'
}
profile() {  # database, label
  local i endpoint options settings
  printf '%-44s %-7s %-26s %8s %8s\n' "$2" package "planner" buffers rows
  for i in "${!APPS[@]}"; do
    settings=("")  # PostgreSQL's defaults, and the package's own settings when it sends any
    [ -z "$(cat "$WORK/pgoptions-$i")" ] || settings+=("$(cat "$WORK/pgoptions-$i")")
    for endpoint in policies repositories; do
      for options in "${settings[@]}"; do
        printf '%-44s %-7s %-26s %s\n' "  /policy/$endpoint statement" "${NAMES[$i]}" "${options:-default}" \
          "$(work "$1" "$WORK/$endpoint-$i.sql" "$options")"
      done
    done
  done
  for i in "${!APPS[@]}"; do
    for endpoint in policies repositories; do
      echo "   plan of ${NAMES[$i]}'s /policy/$endpoint statement ($(cat "$WORK/pgoptions-$i") ; submission 100002):"
      explain "$1" "$WORK/$endpoint-$i.sql" "$(cat "$WORK/pgoptions-$i")"
    done
  done
}
profile postgres "services' layout"

if [ -z "$SCHEMA" ]; then
  echo "(pass-core's schema.sql not found: set BENCH_PASS_CORE_SCHEMA to profile its layout)"
  exit 0
fi
echo "== the same rows in pass-core's layout ($SCHEMA)"
sql -d postgres -c "CREATE DATABASE passcore"
sql -d passcore -o /dev/null -f "$SCHEMA"
for table in pass_user pass_repository pass_policy pass_policy_repositories pass_funder pass_grant pass_submission \
    pass_submission_grants pass_submission_preparers pass_submission_effectivepolicies; do
  ours="$(sql -d postgres -Atc "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = '$table'" | sort)"
  theirs="$(sql -d passcore -Atc "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = '$table'" | sort)"
  columns="$(comm -12 <(echo "$ours") <(echo "$theirs") | paste -sd,)"
  sql -d postgres -c "\\copy (SELECT $columns FROM $table) TO '$WORK/$table.csv' CSV"
  sql -d passcore -c "\\copy $table ($columns) FROM '$WORK/$table.csv' CSV"
done
sql -d passcore -c ANALYZE
profile passcore "pass-core's layout, its own indexes"
sed -n '/^-- 3\./,/^-- 4\./p' "$ROOT/deploy/db/owner-setup.sql" | sql -d passcore -f -
sql -d passcore -c ANALYZE
profile passcore "pass-core's layout, with the owner's indexes"
