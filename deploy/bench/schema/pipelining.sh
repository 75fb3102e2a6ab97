#!/usr/bin/env bash
# Pipelining without reading (not part of `verify`; docs/settings.md, SUBMISSION_HTTP_WRITE_BUDGET): 8
# connections each send 3,000 pipelined GET /schemaservice?entityIds=11 (12,402 bytes each) and read
# nothing, for BENCH_SECONDS (30). Meanwhile another caller asks a cached GET every second. Prints the
# service's largest RSS, direct buffers and queued answer bytes during the attack, the budget's
# refusals, and the other caller's status counts.
#
#   deploy/bench/schema/pipelining.sh                          # BENCH_PORT=18083
#   BENCH_APP=/path/to/quarkus-app deploy/bench/schema/pipelining.sh   # another build, for a before/after
#
# The service runs with the images' JVM options (its quarkus-app/jvm.options), on the launcher's
# embedded PostgreSQL (../local-database.sh). Needs: a JDK 17+, curl; ./mvnw -B package -DskipTests first.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
PORT=${BENCH_PORT:-18083}
SECONDS_UNDER_ATTACK=${BENCH_SECONDS:-30}
APP=${BENCH_APP:-"$ROOT/schema-service/target/quarkus-app"}
BASE="http://127.0.0.1:$PORT"

source "$HERE/service.sh"
begin_demo_schema_bench "$APP" curl java
start_schema_service "$APP" "$PORT" "$JAVA_OPTS"

AUTH="Basic $(printf '%s:%s' "$USER_NAME" "$PASSWORD" | base64 | tr -d '\n')"
# a metric's sum, or nothing when the service does not answer within 5 s
metric() { metric_sum "$BASE" "$1"; }
rss_mib() { awk '/VmRSS/ { printf "%d", $2 / 1024 }' "/proc/$SCHEMA_SERVICE_PID/status"; }

curl -sf -o /dev/null -H "Authorization: $AUTH" "$BASE/schemaservice?entityIds=11"
rss_before=$(rss_mib)
java "$HERE/Pipelining.java" "$PORT" 8 3000 "/schemaservice?entityIds=11" "$AUTH" "$SECONDS_UNDER_ATTACK" &
ATTACK=$!
rss_max=0 direct_max=0 pending_max=0
declare -A statuses=()
while kill -0 $ATTACK 2>/dev/null; do
  status=$(curl -s -o /dev/null -m 5 -w '%{http_code}' -H "Authorization: $AUTH" "$BASE/schemaservice?entityIds=10" || true)
  statuses[$status]=$(( ${statuses[$status]:-0} + 1 ))
  kill -0 "$SCHEMA_SERVICE_PID" 2>/dev/null || { echo "the service stopped during the attack:" >&2; tail -30 "$WORK/service.log" >&2; exit 1; }
  rss=$(rss_mib); direct=$(metric 'jvm_buffer_memory_used_bytes{id="direct"'); pending=$(metric submission_http_write_pending_bytes)
  (( rss > rss_max )) && rss_max=$rss
  (( ${direct:-0} > direct_max )) && direct_max=${direct:-0}
  (( ${pending:-0} > pending_max )) && pending_max=${pending:-0}
  sleep 1
done
wait $ATTACK || true

printf '\nservice: %s\nJVM options: %s\n%s cores, load average %s\n\n' "$APP" "$(show_java_options "$APP" "$JAVA_OPTS")" \
  "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'RSS %s MiB before, largest %s MiB during the attack\n' "$rss_before" "$rss_max"
printf 'largest direct buffers %s bytes, largest queued answer bytes %s, budget refusals %s\n' \
  "$direct_max" "$pending_max" "$(metric submission_http_write_budget_refusals_total)"
printf 'the other caller, once a second (status: count; 000 = no answer within 5 s):'; for s in "${!statuses[@]}"; do printf ' %s: %s' "$s" "${statuses[$s]}"; done; echo
