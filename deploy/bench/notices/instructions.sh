#!/usr/bin/env bash
# What PASS's change triggers cost pass-core's writes, counted in instructions instead of time: the
# backend serving pgbench's pass-core-shaped writes (grant-update.sql, submission-save.sql; prepared
# statements, as pass-core's JDBC driver sends them) runs under valgrind's callgrind, which counts
# the instructions executed, the same from run to run whatever else the machine is doing. On these
# virtual machines the CPU-time figures of run.sh move by 30 % between runs of one variant even when
# the machine is quiet; these move by about 1 %.
#
# Variants, each a copy of pass-core 2.5.1's schema loaded with seed.sql: without triggers ("none");
# the change log of V7 ("log"); V9's functions for it ("v9", the release before); all of them and
# then V11, which replaces them by a counter that writes no row ("v11", this release); and an empty
# PL/pgSQL statement trigger on each table V7 logs, with the transition tables V7 reads ("empty"):
# what any trigger that reads the changed rows costs before it does anything.
#
#   bash deploy/bench/notices/instructions.sh [transactions, default 2000]
#
# Each figure: (instructions for 200 + N transactions - instructions for 200) / N, so that the
# connection's start and the statements' first planning cancel out. Needs valgrind, pgbench, psql
# and a PostgreSQL server's binaries (apt-get install -y valgrind postgresql; PG_BIN names their
# folder, by default the newest /usr/lib/postgresql/*/bin); as root, the server runs as the user
# postgres. BENCH_PASS_CORE_SCHEMA as in run.sh. Takes about five minutes. Not part of `verify`.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
HERE="$ROOT/deploy/bench/notices"
MIGRATIONS="$ROOT/shared-model/src/main/resources/db/migration"
N="${1:-2000}"
PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
for tool in valgrind pgbench psql; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y valgrind postgresql-client)" >&2; exit 1; }
done
[ -x "$PG_BIN/postgres" ] || { echo "no PostgreSQL server in PG_BIN=$PG_BIN (apt-get install -y postgresql)" >&2; exit 1; }
source "$ROOT/deploy/bench/common.sh"
SCHEMA="$(pass_core_schema "$ROOT")"
[ -n "$SCHEMA" ] || { echo "pass-core's schema.sql not found: set BENCH_PASS_CORE_SCHEMA" >&2; exit 1; }

WORK="$(mktemp -d /tmp/notices-instructions.XXXXXX)"
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" != 0 ] || chown postgres "$WORK"
# the processes of the server under callgrind (its postmaster, background processes and backends)
backends() { pgrep -c -u postgres -f "valgrind.*$WORK/counts" || true; }
PORT=$((20000 + RANDOM % 20000))
SERVER_PID=""
stop_server() {  # through pg_ctl: a signal to runuser would not reach the server
  [ -z "$SERVER_PID" ] || { as_owner "$PG_BIN/pg_ctl" -D "$WORK/data" -m fast -w stop >/dev/null 2>&1 || true
                             wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""; }
}
trap 'stop_server; rm -rf "$WORK"' EXIT
start_server() {  # [valgrind's arguments...]: the server on $WORK/data, ready for connections
  as_owner "$@" "$PG_BIN/postgres" -D "$WORK/data" -p "$PORT" -c listen_addresses= -c unix_socket_directories="$WORK" \
    > "$WORK/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 600); do
    psql -X -h "$WORK" -p "$PORT" -U postgres -d postgres -Atc 'SELECT 1' >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  cat "$WORK/server.log" >&2
  exit 1
}
sql() { psql -X -q -v ON_ERROR_STOP=1 -h "$WORK" -p "$PORT" -U postgres "$@"; }

as_owner "$PG_BIN/initdb" -D "$WORK/data" -U postgres > /dev/null
# the instructions of the writes alone: no disk waits, no full-page images after a checkpoint, no autovacuum beside them
printf '%s\n' fsync=off synchronous_commit=off full_page_writes=off autovacuum=off checkpoint_timeout=1h max_wal_size=8GB \
  >> "$WORK/data/postgresql.conf"
start_server
echo "== $(sql -d postgres -Atc 'SELECT version()')"
VARIANTS=(none empty log v9 v11)
sql -d postgres -c "CREATE DATABASE template_notices"
sql -d template_notices -f "$SCHEMA" > /dev/null
sql -d template_notices -f "$HERE/seed.sql"
for variant in "${VARIANTS[@]}"; do
  sql -d postgres -c "CREATE DATABASE notices_$variant TEMPLATE template_notices"
done
sql -d notices_empty <<'EOF'
CREATE FUNCTION bench_nothing() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
DO $$
DECLARE
    v_table text;
BEGIN
    FOREACH v_table IN ARRAY ARRAY['pass_submission', 'pass_submission_grants', 'pass_submission_preparers',
                                   'pass_submission_effectivepolicies'] LOOP
        EXECUTE format('CREATE TRIGGER bench_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows'
                       ' FOR EACH STATEMENT EXECUTE FUNCTION bench_nothing()', v_table);
        EXECUTE format('CREATE TRIGGER bench_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'
                       ' FOR EACH STATEMENT EXECUTE FUNCTION bench_nothing()', v_table);
        EXECUTE format('CREATE TRIGGER bench_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows'
                       ' FOR EACH STATEMENT EXECUTE FUNCTION bench_nothing()', v_table);
    END LOOP;
    FOREACH v_table IN ARRAY ARRAY['pass_user', 'pass_grant', 'pass_funder', 'pass_policy', 'pass_policy_repositories',
                                   'pass_repository'] LOOP
        EXECUTE format('CREATE TRIGGER bench_any AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT'
                       ' EXECUTE FUNCTION bench_nothing()', v_table);
    END LOOP;
END $$;
EOF
sql -d notices_log -f "$MIGRATIONS/V6__pass_change_notices.sql" -f "$MIGRATIONS/V7__pass_change_log.sql" 2>/dev/null
sql -d notices_v9 -f "$MIGRATIONS/V6__pass_change_notices.sql" -f "$MIGRATIONS/V7__pass_change_log.sql" \
  -f "$MIGRATIONS/V9__pass_change_log_cheaper.sql" 2>/dev/null
sql -d notices_v11 -f "$MIGRATIONS/V6__pass_change_notices.sql" -f "$MIGRATIONS/V7__pass_change_log.sql" \
  -f "$MIGRATIONS/V9__pass_change_log_cheaper.sql" -f "$MIGRATIONS/V11__pass_change_counter.sql" 2>/dev/null
sql -d postgres -c CHECKPOINT
stop_server

# the server again, under callgrind: each backend writes its own count when its connection ends;
# only what runs inside PostgresMain (the backend's work for its client) is counted
mkdir -p "$WORK/counts"
[ "$(id -u)" != 0 ] || chown postgres "$WORK/counts"
start_server valgrind --tool=callgrind --trace-children=yes --toggle-collect=PostgresMain \
  --callgrind-out-file="$WORK/counts/%p"
sleep 5
SERVER_PROCESSES="$(backends)"   # the postmaster and its background processes, once the probe's backend has gone
instructions() {  # database script transactions: the instructions of the backend that served them
  local file
  touch "$WORK/mark"
  sleep 1
  pgbench -h "$WORK" -p "$PORT" -U postgres -n -M prepared -c 1 -t "$3" -f "$HERE/$2.sql" "$1" > "$WORK/pgbench.out" 2>&1 \
    || { cat "$WORK/pgbench.out" >&2; exit 1; }
  # each backend writes its count as it exits, which takes a while under callgrind: wait until
  # only the server's own processes are left, then take the largest count written since the mark
  # (pgbench also connects once before the connection that runs the transactions)
  for _ in $(seq 600); do
    [ "$(backends)" -le "$SERVER_PROCESSES" ] && break
    sleep 0.2
  done
  for file in $(find "$WORK/counts" -newer "$WORK/mark" -type f); do
    sed -nE 's/^totals: ([0-9]+).*/\1/p' "$file"
  done | sort -n | tail -1
}
per_transaction() {  # database script
  local few many
  few="$(instructions "$1" "$2" 200)"
  many="$(instructions "$1" "$2" $((200 + N)))"
  echo $(( (many - few) / N ))
}
echo "== instructions per transaction (pgbench -M prepared, $N transactions; share of the write without triggers)"
printf '%-32s' writes
printf ' %20s' "${VARIANTS[@]}"
echo
for script in grant-update submission-save; do
  declare -A count=()
  for variant in "${VARIANTS[@]}"; do
    count[$variant]="$(per_transaction "notices_$variant" "$script")"
  done
  printf '%-32s %20s' "$script" "${count[none]}"
  for variant in "${VARIANTS[@]:1}"; do
    printf ' %12s (+%3d %%)' "${count[$variant]}" $(( (count[$variant] - count[none]) * 100 / count[none] ))
  done
  echo
done
