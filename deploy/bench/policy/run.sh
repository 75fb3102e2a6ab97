#!/usr/bin/env bash
# Policy service benchmark: both endpoints under 8 concurrent clients on loopback, side by side
# with a plain SQL lookup of one submission row (the database ceiling), on a generated data set
# of 10,000 submissions with 1-5 grants each over 200 funders and 50 policies. Each is measured
# saturated (clients back to back: the throughput) and paced at about 1,000 requests/s (the
# latency at the target rate, where a saturated run only shows queueing on a 2-core machine that
# also runs the database and the load generator). CPU time per request is reported too: unlike
# throughput and latency it does not depend on what else the machine runs.
#
#   ./mvnw -B -o -pl policy-service,deploy/launcher -am package -DskipTests   # once
#   bash deploy/bench/policy/run.sh [seconds per measurement, default 20]
#   (BENCH_THINK_MS sets the paced clients' pause, default 6 ms; BENCH_KEEP=<dir> keeps the raw output;
#    BENCH_JAVA_OPTS replaces the images' JVM options, for an A/B run: ../common.sh;
#    BENCH_RULES=<file> gives the service that policy rules file, POLICY_RULES_FILE: rules.sh)
#
# The service runs with the images' JVM options (its quarkus-app/jvm.options and AppCDS archive),
# printed at the start. Both endpoints must answer 200 before anything is timed, and the run fails,
# saying how many, when any request of the warm-up or a measurement is not 2xx or a socket error.
#
# Needs wrk and pgbench (apt-get install -y wrk postgresql-client). Starts the launcher's embedded
# PostgreSQL (../local-database.sh; always a fresh one, whatever SUBMISSION_DB_URL says, since its
# CPU time is measured) and the packaged service on it loaded with the generated seed, and stops
# both at the end. Not part of `verify`.
set -euo pipefail

DURATION="${1:-20}"
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
HERE="$ROOT/deploy/bench/policy"
JAR="$ROOT/policy-service/target/quarkus-app/quarkus-run.jar"
WORK="$(mktemp -d /tmp/policy-bench.XXXXXX)"
PORT="${BENCH_PORT:-18082}"
CONNECTIONS=8
THREADS=2
THINK_MS="${BENCH_THINK_MS:-6}"
export SUBMISSION_BACKEND_USER=bench SUBMISSION_BACKEND_PASSWORD=bench-secret
AUTH="Authorization: Basic $(printf '%s:%s' "$SUBMISSION_BACKEND_USER" "$SUBMISSION_BACKEND_PASSWORD" | base64)"

for tool in wrk pgbench java curl; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y wrk postgresql-client)" >&2; exit 1; }
done
source "$HERE/service.sh"

echo "== starting the embedded PostgreSQL and the service on it (generated seed)"
[ -z "${BENCH_RULES:-}" ] || export POLICY_RULES_FILE="$(realpath "$BENCH_RULES")"
echo "   policy rules: ${POLICY_RULES_FILE:-none}"
start_policy_service
POSTMASTER=""
for pid in $(pgrep -x postgres); do
  case "$(tr '\0' ' ' < "/proc/$pid/cmdline")" in *" -p $DB_PORT "*) POSTMASTER="$pid";; esac
done
[ -n "$POSTMASTER" ] || { echo "embedded PostgreSQL process not found" >&2; exit 1; }
grep -E "Seed .* loaded|Institutional policy" "$WORK/service.log" | sed 's/^/   /' || true
echo "   service JVM options: $(show_java_options "$APP" "$JAVA_OPTS")"
for path in /policy/policies /policy/repositories; do
  expect_200 "GET $path?submission=100002" -H "$AUTH" "http://127.0.0.1:$PORT$path?submission=100002"
  echo "   sample $path: $(curl -s -H "$AUTH" "http://127.0.0.1:$PORT$path?submission=100002")"
done

# CPU time (clock ticks) of the service, and of the embedded PostgreSQL (postmaster, its live
# backends, and the backends it has reaped): CPU per request is independent of whatever else
# the machine is running, where throughput and latency are not.
TICK_US=$((1000000 / $(getconf CLK_TCK)))
service_ticks() { awk '{print $14+$15}' "/proc/$SERVICE_PID/stat"; }
pg_ticks() {
  local total child
  total="$(awk '{print $14+$15+$16+$17}' "/proc/$POSTMASTER/stat")"
  for child in $(ps --ppid "$POSTMASTER" -o pid=); do
    total=$((total + $(awk '{print $14+$15}' "/proc/$child/stat" 2>/dev/null || echo 0)))
  done
  echo "$total"
}
row() {  # name rps p50 p99 service-ticks pg-ticks requests
  local service="-"
  [ "$5" = "-" ] || service=$(( $5 * TICK_US / $7 ))
  printf '%-42s %9s %9s %9s %11s %9s\n' "$1" "$2" "$3" "$4" "$service" $(( $6 * TICK_US / $7 ))
}

measure_http() {  # name path seconds [think time ms]
  local out s0 p0 s1 p1
  s0="$(service_ticks)"; p0="$(pg_ticks)"
  out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$3"s --latency -H "$AUTH" -s "$HERE/random-submission.lua" \
    "http://127.0.0.1:$PORT$2" -- "${4:-0}")"
  s1="$(service_ticks)"; p1="$(pg_ticks)"
  echo "$out" > "$WORK/wrk-${1//[^a-zA-Z0-9]/_}.txt"
  require_no_failures "$1" "$(wrk_failures "$out")" "$(awk '/requests in/ {print $1}' <<<"$out")"
  row "$1" "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="50%" {print $2}' <<<"$out")" \
    "$(awk '$1=="99%" {print $2}' <<<"$out")" \
    $((s1 - s0)) $((p1 - p0)) "$(awk '/requests in/ {print $1}' <<<"$out")"
}

measure_sql() {  # name script seconds [transactions/s to offer]
  local out p0 p1 percentiles rate=()
  [ -z "${4:-}" ] || rate=(--rate "$4")
  rm -f "$WORK"/pgbench_log.*
  p0="$(pg_ticks)"
  out="$( cd "$WORK" && pgbench -n -h 127.0.0.1 -p "$DB_PORT" -U postgres -M prepared -c "$CONNECTIONS" -j "$THREADS" \
    -T "$3" "${rate[@]}" -l -f "$2" postgres 2>&1 )"
  p1="$(pg_ticks)"
  echo "$out" > "$WORK/pgbench-${1//[^a-zA-Z0-9]/_}.txt"
  # per-transaction log: field 3 is the latency in microseconds; with --rate it counts from the
  # scheduled start, so field 7 (the schedule lag) is taken off, as wrk measures from the send
  percentiles="$(cat "$WORK"/pgbench_log.* | awk '{print (NF >= 7 ? $3 - $7 : $3)}' | sort -n | awk '{a[NR]=$1} END {
      printf "%.2fms %.2fms", a[int(NR*0.50)]/1000, a[int(NR*0.99)]/1000 }')"
  row "$1" "$(awk '/^tps/ {printf "%.0f", $3; exit}' <<<"$out")" ${percentiles} "-" $((p1 - p0)) \
    "$(awk -F': ' '/actually processed/ {print $2}' <<<"$out" | cut -d/ -f1)"
}

echo "== warm-up (JIT, pools, prepared statements), 20s per endpoint"
for path in /policy/policies /policy/repositories; do
  out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d20s -H "$AUTH" -s "$HERE/random-submission.lua" "http://127.0.0.1:$PORT$path")"
  require_no_failures "warm-up of $path" "$(wrk_failures "$out")" "$(awk '/requests in/ {print $1}' <<<"$out")"
done

echo "== measuring (load average $(cut -d' ' -f1-3 /proc/loadavg)): $CONNECTIONS concurrent clients, ${DURATION}s each, loopback, backend Basic account"
echo "   saturated: each client sends its next request as soon as it has the answer"
echo "   paced: each client waits ${THINK_MS} ms between requests (about 1,000 req/s offered), pgbench --rate 1000"
printf '%-42s %9s %9s %9s %11s %9s\n' "what" "req/s" "p50" "p99" "service CPU" "PG CPU"
printf '%-42s %9s %9s %9s %11s %9s\n' "" "" "" "" "us/request" "us/req"
measure_http "GET /policy/policies, saturated" /policy/policies "$DURATION"
measure_http "GET /policy/repositories, saturated" /policy/repositories "$DURATION"
measure_sql "SQL one submission row, saturated" "$HERE/submission-row.sql" "$DURATION"
measure_http "GET /policy/policies, paced" /policy/policies "$DURATION" "$THINK_MS"
measure_http "GET /policy/repositories, paced" /policy/repositories "$DURATION" "$THINK_MS"
measure_sql "SQL one submission row, paced" "$HERE/submission-row.sql" "$DURATION" 1000
echo "(nproc=$(nproc), load average after the run: $(cut -d' ' -f1-3 /proc/loadavg))"
if [ -n "${BENCH_KEEP:-}" ]; then mkdir -p "$BENCH_KEEP" && cp "$WORK"/wrk-*.txt "$WORK"/pgbench-*.txt "$BENCH_KEEP"/; fi
