#!/usr/bin/env bash
# A/B of two packages of the policy service (say main's and a branch's): the service's CPU time per
# request and its RSS, each package started in turn on one database under the same load, rounds
# alternating A, B, A, B ... so that a drift of the machine's load falls on both. Made for the
# tracing extension with its SDK off against main without it (figures in deploy/bench/RESULTS.md).
#
#   ./mvnw -B -o -pl policy-service -am package -DskipTests       # in each tree, the package to compare
#   bash deploy/bench/policy/ab.sh A/quarkus-app B/quarkus-app [rounds, default 3] [seconds, default 30]
#
# BENCH_B_RULES names a rules file for B alone: the same package twice, without rules and with them
# (e.g. java GenerateCatalogue.java > catalogue.yaml; BENCH_B_RULES=catalogue.yaml ab.sh APP APP).
# BENCH_A_NAME, BENCH_B_NAME label the two; BENCH_THINK_MS is the clients' pause (default 6 ms:
# about 1,000 requests/s offered by 8 clients); BENCH_WARMUP_SECONDS the warm-up (default 20);
# BENCH_JAVA_OPTS as in ../common.sh; SUBMISSION_DB_URL names an existing PostgreSQL server (its
# databases bench_a and bench_b are made afresh on it), else the launcher's embedded one is started
# (../local-database.sh).
#
# Each round: start the package with its own JVM options (its jvm.options, and its AOT cache with SUBMISSION_AOT_JDK: ../common.sh); the
# CPU time until ready; the RSS once ready; a warm-up (JIT, pool, prepared statements); then GET
# /policy/policies for a random submission of run.sh's generated data set, paced, for the given
# seconds: CPU microseconds per request (the process's, and its serving threads'), requests
# answered per second, and the RSS after. The first start (package A, not measured) loads the data
# set into each package's own database. Each package has a database of its own on the one server, as
# each package's migrations may install triggers of their own in PASS's tables: on one shared database
# the later package's migrations would take the earlier one's away, and the earlier one's answers
# would no longer be those of its own code. Any answer that is not 2xx fails the run. Needs wrk and
# psql (apt-get install -y wrk postgresql-client). Not part of `verify`.
set -euo pipefail

[ $# -ge 2 ] || { sed -n '2,24p' "$0" >&2; exit 2; }
A_APP="$(cd "$1" && pwd)"
B_APP="$(cd "$2" && pwd)"
ROUNDS="${3:-3}" DURATION="${4:-30}" WARMUP="${BENCH_WARMUP_SECONDS:-20}" THINK_MS="${BENCH_THINK_MS:-6}"
A_NAME="${BENCH_A_NAME:-A}" B_NAME="${BENCH_B_NAME:-B}" PORT="${BENCH_PORT:-18082}"
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
WORK="$(mktemp -d /tmp/policy-ab.XXXXXX)"
export SUBMISSION_BACKEND_USER=bench SUBMISSION_BACKEND_PASSWORD=bench-secret QUARKUS_HTTP_PORT="$PORT" \
  SERVICE_POLICY_INSTITUTION=example.edu \
  SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE="Example University Open Access Policy" \
  SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME="Example Scholarship" SUBMISSION_SEED_DEMO=false
AUTH="Authorization: Basic $(printf '%s:%s' "$SUBMISSION_BACKEND_USER" "$SUBMISSION_BACKEND_PASSWORD" | base64)"

for tool in wrk java curl psql; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y wrk)" >&2; exit 1; }
done
for app in "$A_APP" "$B_APP"; do
  [ -f "$app/quarkus-run.jar" ] || { echo "$app: no quarkus-run.jar (a policy-service/target/quarkus-app)" >&2; exit 1; }
done
source "$ROOT/deploy/bench/local-database.sh"
source "$ROOT/deploy/bench/common.sh"
JAVA_OPTS="$(service_java_options)"

SERVICE_PID=""
stop_service() {
  if [ -n "$SERVICE_PID" ]; then
    kill "$SERVICE_PID" 2>/dev/null || true
    wait "$SERVICE_PID" 2>/dev/null || true
    SERVICE_PID=""
  fi
}
cleanup() { stop_service; stop_local_database; rm -rf "$WORK"; }
trap cleanup EXIT

rss_mib() { awk '/^VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$SERVICE_PID/status"; }

start_service() {  # A|B [extra environment...]
  local app=$A_APP url=$A_DB_URL
  local rules=()
  [ "$1" = A ] || app=$B_APP url=$B_DB_URL
  [ "$1" = A ] || [ -z "${BENCH_B_RULES:-}" ] || rules=(POLICY_RULES_FILE="$(realpath "$BENCH_B_RULES")")
  shift
  env SUBMISSION_DB_URL="$url" "${rules[@]}" "$@" bash -c 'cd "$1" && exec java $2 -jar quarkus-run.jar' _ "$app" "$JAVA_OPTS" > "$WORK/service.log" 2>&1 &
  SERVICE_PID=$!
  local deadline=$((SECONDS + ${BENCH_START_SECONDS:-300}))
  while [ "$SECONDS" -lt "$deadline" ]; do
    curl -fs "http://127.0.0.1:$PORT/q/health/ready" >/dev/null 2>&1 && return 0
    kill -0 "$SERVICE_PID" 2>/dev/null || { cat "$WORK/service.log" >&2; exit 1; }
    sleep 0.2
  done
  echo "service not ready:" >&2; tail -30 "$WORK/service.log" >&2; exit 1
}

load() {  # seconds think-ms: prints the requests answered
  local out
  # latency is not compared: a request held up by a busy machine waits rather than counting as failed
  out="$(wrk -t2 -c8 -d"$1"s --timeout 10s -H "$AUTH" -s "$HERE/random-submission.lua" "http://127.0.0.1:$PORT/policy/policies" -- "$2")"
  require_no_failures "GET /policy/policies" "$(wrk_failures "$out")" "$(awk '/requests in/ {print $1}' <<<"$out")"
  awk '/requests in/ {print $1}' <<<"$out"
}

echo "== the data set and the database"
java "$HERE/GenerateSeed.java" > "$WORK/seed.json"
start_local_database "$WORK"
# the server's URL with another database's name in place of its own
database_url() { sed -E "s#^(.*://[^/]+/)[^?]*#\1$1#" <<<"$SUBMISSION_DB_URL"; }
A_DB_URL="$(database_url bench_a)" B_DB_URL="$(database_url bench_b)"
for side in A B; do
  db=bench_a; [ "$side" = A ] || db=bench_b
  psql -X -q -v ON_ERROR_STOP=1 "$(sed -E 's#^[a-z]+:#postgresql:#' <<<"$SUBMISSION_DB_URL")" -U "$SUBMISSION_DB_USER" \
    -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
  start_service "$side" SUBMISSION_SEED_FILE="$WORK/seed.json"
  grep -E "Seed .* loaded" "$WORK/service.log" | sed "s/^/   $side: /" || true
  stop_service
done
echo "   JVM options: $(show_java_options "$A_APP" "$JAVA_OPTS") ($A_NAME); $(show_java_options "$B_APP" "$JAVA_OPTS") ($B_NAME)"
echo "== $ROUNDS rounds of $A_NAME then $B_NAME: warm-up ${WARMUP} s, then ${DURATION} s of 8 clients pausing ${THINK_MS} ms (load average $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-22s %6s %12s %10s %10s %8s %10s %12s\n' package round "start CPU ms" "RSS ready" "RSS after" "req/s" "CPU us/req" "serving us/req"
for round in $(seq 1 "$ROUNDS"); do
  for side in A B; do
    if [ "$side" = A ]; then app="$A_APP" name="$A_NAME"; else app="$B_APP" name="$B_NAME"; fi
    start_service "$side"
    start_cpu=$(( $(cpu_us) / 1000 )) rss_ready=$(rss_mib)
    expect_200 "GET /policy/policies" -H "$AUTH" "http://127.0.0.1:$PORT/policy/policies?submission=100002"
    load "$WARMUP" 0 >/dev/null
    before=$(cpu_us) serving_before=$(serving_cpu_us)
    requests=$(load "$DURATION" "$THINK_MS")
    per_request=$(( ($(cpu_us) - before) / requests )) serving=$(( ($(serving_cpu_us) - serving_before) / requests ))
    rate=$(( requests / DURATION )) rss_after=$(rss_mib)
    printf '%-22s %6s %12s %10s %10s %8s %10s %12s\n' "$name" "$round" "$start_cpu" "$rss_ready" "$rss_after" "$rate" \
      "$per_request" "$serving"
    echo "$side $start_cpu $rss_ready $rss_after $rate $per_request $serving" >> "$WORK/rows"
    stop_service
  done
done
echo "== medians over the rounds"
for side in A B; do
  name="$A_NAME"; [ "$side" = A ] || name="$B_NAME"
  medians=""
  for column in 2 3 4 5 6 7; do
    medians="$medians $(awk -v s="$side" -v c="$column" '$1 == s {print $c}' "$WORK/rows" | sort -n \
      | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')"
  done
  printf '%-22s %6s %12s %10s %10s %8s %10s %12s\n' "$name" median $medians
done
echo "(nproc=$(nproc), load average after: $(cut -d' ' -f1-3 /proc/loadavg))"
