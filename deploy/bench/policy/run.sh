#!/usr/bin/env bash
# Policy service benchmark: both endpoints under 8 concurrent clients on loopback, side by side
# with the service's own statement run alone in pgbench (its ceiling) and a plain SQL lookup of one
# submission row (the database's), on a generated data set of 10,000 submissions with 1-5 grants
# each over 200 funders and 50 policies. Each is measured saturated (clients back to back: the
# throughput) and paced at about 1,000 requests/s (the latency at the target rate, where a
# saturated run only shows queueing on a 2-core machine that also runs the database and the load
# generator). CPU time per request, the service's and PostgreSQL's, is reported too: unlike
# throughput and latency it hardly depends on what else the machine runs.
#
#   ./mvnw -B -o -pl policy-service,deploy/launcher -am package -DskipTests   # once
#   bash deploy/bench/policy/run.sh [seconds per measurement, default 20]
#   (BENCH_BEFORE=<quarkus-app folder of an earlier build> measures that package too, on the same
#    database, each row of it just before the same row of this tree's package, and prints the two
#    side by side at the end: before and after in one sitting;
#    BENCH_THINK_MS sets the paced clients' pause, default 6 ms; BENCH_WARMUP_SECONDS the warm-up, default 20; BENCH_KEEP=<dir> keeps the raw output;
#    BENCH_JAVA_OPTS replaces the images' JVM options, for an A/B run: ../common.sh;
#    BENCH_RULES=<file> gives the service that policy rules file, POLICY_RULES_FILE: rules.sh)
#
# The services run with the images' JVM options (their quarkus-app/jvm.options, and their AOT caches where SUBMISSION_AOT_JDK names the JDK 25 that trained them: ../common.sh),
# printed at the start. Both endpoints must answer 200 before anything is timed, and the run fails,
# saying how many, when any request of the warm-up or a measurement is not 2xx or a socket error.
# The statement's ceiling is pgbench running the package's own statement (StatementScript.java)
# with its parameters bound, prepared, and with the planner settings the package's connections send.
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
BEFORE="${BENCH_BEFORE:+$(cd "$BENCH_BEFORE" && pwd)}"
TITLE="Example University Open Access Policy"
REPOSITORY="Example Scholarship"
export SUBMISSION_BACKEND_USER=bench SUBMISSION_BACKEND_PASSWORD=bench-secret
AUTH="Authorization: Basic $(printf '%s:%s' "$SUBMISSION_BACKEND_USER" "$SUBMISSION_BACKEND_PASSWORD" | base64)"

for tool in wrk pgbench java curl; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y wrk postgresql-client)" >&2; exit 1; }
done
[ -z "$BEFORE" ] || [ -f "$BEFORE/quarkus-run.jar" ] || { echo "BENCH_BEFORE: no quarkus-run.jar in $BEFORE" >&2; exit 1; }
source "$HERE/service.sh"

echo "== starting the embedded PostgreSQL and the service on it (generated seed)"
[ -z "${BENCH_RULES:-}" ] || export POLICY_RULES_FILE="$(realpath "$BENCH_RULES")"
echo "   policy rules: ${POLICY_RULES_FILE:-none}"
start_policy_service
grep -E "Seed .* loaded|Institutional policy" "$WORK/service.log" | sed 's/^/   /' || true
# the packages measured: name, folder, port, process
NAMES=(after) APPS=("$APP") PORTS=("$PORT") PIDS=("$SERVICE_PID")
if [ -n "$BEFORE" ]; then
  start_package "$BEFORE" $((PORT + 1)) "$WORK/before.log" SUBMISSION_SEED_DEMO=false
  NAMES=(before after) APPS=("$BEFORE" "$APP") PORTS=($((PORT + 1)) "$PORT") PIDS=("$PACKAGE_PID" "$SERVICE_PID")
fi
POSTMASTER=""
for pid in $(pgrep -x postgres); do
  case "$(tr '\0' ' ' < "/proc/$pid/cmdline")" in *" -p $DB_PORT "*) POSTMASTER="$pid";; esac
done
[ -n "$POSTMASTER" ] || { echo "embedded PostgreSQL process not found" >&2; exit 1; }
echo "   service JVM options: $(show_java_options "$APP" "$JAVA_OPTS")"
for i in "${!NAMES[@]}"; do
  for endpoint in policies repositories; do
    url="http://127.0.0.1:${PORTS[$i]}/policy/$endpoint?submission=100002"
    expect_200 "${NAMES[$i]}: GET /policy/$endpoint?submission=100002" -H "$AUTH" "$url"
    echo "   ${NAMES[$i]} ${APPS[$i]}, sample /policy/$endpoint: $(curl -s -H "$AUTH" "$url")"
    java "$HERE/StatementScript.java" "${APPS[$i]}" "$endpoint" > "$WORK/statement-$endpoint-$i.sql"
  done
  java "$HERE/StatementScript.java" "${APPS[$i]}" kept > "$WORK/statement-kept-$i.sql"
  java "$HERE/StatementScript.java" "${APPS[$i]}" pgoptions > "$WORK/pgoptions-$i"
  echo "   ${NAMES[$i]}: its connections' planner settings: $(cat "$WORK/pgoptions-$i")"
done
if [ -n "$BEFORE" ]; then
  for endpoint in policies repositories; do
    [ "$(curl -s -H "$AUTH" "http://127.0.0.1:$((PORT + 1))/policy/$endpoint?submission=100002")" = \
      "$(curl -s -H "$AUTH" "http://127.0.0.1:$PORT/policy/$endpoint?submission=100002")" ] \
      || echo "   NOTE: before and after answer /policy/$endpoint?submission=100002 differently"
  done
fi

# CPU time (clock ticks) of a service, and of the embedded PostgreSQL (postmaster, its live
# backends, and the backends it has reaped): CPU per request is independent of whatever else
# the machine is running, where throughput and latency are not.
TICK_US=$((1000000 / $(getconf CLK_TCK)))
service_ticks() { awk '{print $14+$15}' "/proc/$1/stat"; }
pg_ticks() {
  local total child
  total="$(awk '{print $14+$15+$16+$17}' "/proc/$POSTMASTER/stat")"
  for child in $(ps --ppid "$POSTMASTER" -o pid=); do
    total=$((total + $(awk '{print $14+$15}' "/proc/$child/stat" 2>/dev/null || echo 0)))
  done
  echo "$total"
}
row() {  # name package rps p50 p99 service-ticks pg-ticks requests
  local service="-"
  [ "$6" = "-" ] || service=$(( $6 * TICK_US / $8 ))
  printf '%-38s %-7s %9s %9s %9s %11s %9s\n' "$1" "$2" "$3" "$4" "$5" "$service" $(( $7 * TICK_US / $8 )) \
    | tee -a "$WORK/rows.txt"
}

# answers built from a kept submission graph, and the bytes kept as the package estimates them
# (0 for a package without the answer cache, or one that did not answer)
metric() { local sum; sum="$(metric_sum "http://127.0.0.1:$1" "$2" "${3:-}")"; echo "${sum:-0}"; }
kept_answers() { metric "$1" "policy_answer_cache_requests_total{" 'result="hit"'; }

measure_http() {  # name package-index path seconds [think time ms]
  local out s0 p0 s1 p1 k0 k1 pid=${PIDS[$2]}
  k0="$(kept_answers "${PORTS[$2]}")"
  s0="$(service_ticks "$pid")"; p0="$(pg_ticks)"
  out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$4"s --latency -H "$AUTH" -s "$HERE/random-submission.lua" \
    "http://127.0.0.1:${PORTS[$2]}$3" -- "${5:-0}")"
  s1="$(service_ticks "$pid")"; p1="$(pg_ticks)"
  k1="$(kept_answers "${PORTS[$2]}")"
  echo "$out" > "$WORK/wrk-${NAMES[$2]}-${1//[^a-zA-Z0-9]/_}.txt"
  require_no_failures "${NAMES[$2]}: $1" "$(wrk_failures "$out")" "$(awk '/requests in/ {print $1}' <<<"$out")"
  row "$1" "${NAMES[$2]}" "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="50%" {print $2}' <<<"$out")" \
    "$(awk '$1=="99%" {print $2}' <<<"$out")" \
    $((s1 - s0)) $((p1 - p0)) "$(awk '/requests in/ {print $1}' <<<"$out")"
  echo "   (${NAMES[$2]}: $((k1 - k0)) of $(awk '/requests in/ {print $1}' <<<"$out" | tr -d ,) answers from a kept graph;" \
    "$(( $(metric "${PORTS[$2]}" "policy_answer_cache_bytes ") / 1024 )) KiB kept)"
}

measure_sql() {  # name package script seconds [transactions/s to offer] [PGOPTIONS]
  local out p0 p1 percentiles rate=()
  [ -z "${5:-}" ] || rate=(--rate "$5")
  rm -f "$WORK"/pgbench_log.*
  p0="$(pg_ticks)"
  out="$( cd "$WORK" && PGOPTIONS="${6:-}" pgbench -n -h 127.0.0.1 -p "$DB_PORT" -U postgres -M prepared \
    -c "$CONNECTIONS" -j "$THREADS" -T "$4" "${rate[@]}" -l -f "$3" \
    -D title="$TITLE" -D rules=false -D metadata_bytes=262144 -D repository="$REPOSITORY" postgres 2>&1 )" || true
  sleep 0.5  # pgbench's backends have exited: their CPU time is the postmaster's once it reaps them
  p1="$(pg_ticks)"
  echo "$out" > "$WORK/pgbench-$2-${1//[^a-zA-Z0-9]/_}.txt"
  grep -q "actually processed" <<<"$out" || { echo "$1: pgbench failed: $out" >&2; exit 1; }
  # per-transaction log: field 3 is the latency in microseconds; with --rate it counts from the
  # scheduled start, so field 7 (the schedule lag) is taken off, as wrk measures from the send
  percentiles="$(cat "$WORK"/pgbench_log.* | awk '{print (NF >= 7 ? $3 - $7 : $3)}' | sort -n | awk '{a[NR]=$1} END {
      printf "%.2fms %.2fms", a[int(NR*0.50)]/1000, a[int(NR*0.99)]/1000 }')"
  row "$1" "$2" "$(awk '/^tps/ {printf "%.0f", $3; exit}' <<<"$out")" ${percentiles} "-" $((p1 - p0)) \
    "$(awk -F': ' '/actually processed/ {print $2}' <<<"$out" | cut -d/ -f1)"
}

each_package() {  # what to measure, for each package in turn: a function and its arguments after the index
  local i
  for i in "${!NAMES[@]}"; do "$@" "$i"; done
}
http_row() { measure_http "$1" "$4" "$2" "$DURATION" "$3"; }
statement_row() {  # a package with no such statement (a kept graph's check before there was one) has no row
  [ -s "$WORK/statement-$2-$3.sql" ] || return 0
  measure_sql "$1" "${NAMES[$3]}" "$WORK/statement-$2-$3.sql" "$DURATION" "" "$(cat "$WORK/pgoptions-$3")"
}

WARMUP="${BENCH_WARMUP_SECONDS:-20}"
echo "== warm-up (JIT, pools, prepared statements), ${WARMUP}s per endpoint and package"
for i in "${!NAMES[@]}"; do
  for path in /policy/policies /policy/repositories; do
    out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP"s -H "$AUTH" -s "$HERE/random-submission.lua" "http://127.0.0.1:${PORTS[$i]}$path")"
    require_no_failures "warm-up of ${NAMES[$i]} $path" "$(wrk_failures "$out")" "$(awk '/requests in/ {print $1}' <<<"$out")"
  done
done

echo "== measuring (load average $(cut -d' ' -f1-3 /proc/loadavg)): $CONNECTIONS concurrent clients, ${DURATION}s each, loopback, backend Basic account"
echo "   saturated: each client sends its next request as soon as it has the answer"
echo "   paced: each client waits ${THINK_MS} ms between requests (about 1,000 req/s offered), pgbench --rate 1000"
printf '%-38s %-7s %9s %9s %9s %11s %9s\n' "what" "package" "req/s" "p50" "p99" "service CPU" "PG CPU"
printf '%-38s %-7s %9s %9s %9s %11s %9s\n' "" "" "" "" "" "us/request" "us/req"
each_package http_row "GET /policy/policies, saturated" /policy/policies 0
each_package http_row "GET /policy/repositories, saturated" /policy/repositories 0
each_package statement_row "SQL its policies statement, saturated" policies
each_package statement_row "SQL its repositories statement, sat." repositories
each_package statement_row "SQL its kept graph's check, saturated" kept
measure_sql "SQL one submission row, saturated" "-" "$HERE/submission-row.sql" "$DURATION"
each_package http_row "GET /policy/policies, paced" /policy/policies "$THINK_MS"
each_package http_row "GET /policy/repositories, paced" /policy/repositories "$THINK_MS"
measure_sql "SQL one submission row, paced" "-" "$HERE/submission-row.sql" "$DURATION" 1000
echo "(nproc=$(nproc), load average after the run: $(cut -d' ' -f1-3 /proc/loadavg))"

if [ -n "$BEFORE" ]; then
  echo "== before and after, CPU microseconds per request (service + PostgreSQL = total)"
  printf '%-38s %22s %22s\n' "what" "before" "after"
  grep -E ' (before|after) ' "$WORK/rows.txt" | awk '{
      n = NF; name = $1; for (i = 2; i <= n - 6; i++) name = name " " $i
      pkg = $(n - 5); cpu[name, pkg] = ($(n - 1) == "-" ? "-" : $(n - 1)) " + " $n " = " ($(n - 1) == "-" ? $n : $(n - 1) + $n)
      if (!(name in seen)) { seen[name] = 1; order[++count] = name }
    } END { for (i = 1; i <= count; i++) printf "%-38s %22s %22s\n", order[i], cpu[order[i], "before"], cpu[order[i], "after"] }'
fi
if [ -n "${BENCH_KEEP:-}" ]; then mkdir -p "$BENCH_KEEP" && cp "$WORK"/wrk-*.txt "$WORK"/pgbench-*.txt "$WORK"/rows.txt "$BENCH_KEEP"/; fi
