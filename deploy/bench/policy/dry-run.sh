#!/usr/bin/env bash
# Dry run benchmark: POST /policy/rules/dry-run with the 50 rules of GenerateRules.java as the
# candidate, replaying all 10,000 submissions of GenerateSeed.java (limit=10000) against no
# current rules, five times; its time per run and the service's memory (RSS and its peak, heap
# used after) before and after. Not part of `verify`.
#
#   ./mvnw -B -o -pl policy-service,deploy/launcher -am package -DskipTests   # once
#   bash deploy/bench/policy/dry-run.sh [runs, default 5]
set -euo pipefail
RUNS="${1:-5}"
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
HERE="$ROOT/deploy/bench/policy"
JAR="$ROOT/policy-service/target/quarkus-app/quarkus-run.jar"
WORK="$(mktemp -d /tmp/policy-dry-run-bench.XXXXXX)"
PORT="${BENCH_PORT:-18082}"
export SUBMISSION_BACKEND_USER=bench SUBMISSION_BACKEND_PASSWORD=bench-secret
[ -f "$JAR" ] || { echo "build first: ./mvnw -B -o -pl policy-service,deploy/launcher -am package -DskipTests" >&2; exit 1; }
source "$ROOT/deploy/bench/local-database.sh"
source "$ROOT/deploy/bench/common.sh"
APP="$(dirname "$JAR")"
JAVA_OPTS="$(service_java_options)"
SERVICE_PID=""
cleanup() {
  if [ -n "$SERVICE_PID" ] && kill -0 "$SERVICE_PID" 2>/dev/null; then kill "$SERVICE_PID"; wait "$SERVICE_PID" 2>/dev/null || true; fi
  stop_local_database
  rm -rf "$WORK"
}
trap cleanup EXIT

java "$HERE/GenerateSeed.java" > "$WORK/seed.json"
java "$HERE/GenerateRules.java" > "$WORK/rules.yaml"
unset SUBMISSION_DB_URL
start_local_database "$WORK"
SUBMISSION_SEED_DEMO=false SUBMISSION_SEED_FILE="$WORK/seed.json" QUARKUS_HTTP_PORT="$PORT" \
  SERVICE_POLICY_INSTITUTION=example.edu \
  SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE="Example University Open Access Policy" \
  SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME="Example Scholarship" \
  bash -c 'cd "$1" && exec java $2 -jar quarkus-run.jar' _ "$APP" "$JAVA_OPTS" > "$WORK/service.log" 2>&1 &
SERVICE_PID=$!
for _ in $(seq 1 "${BENCH_START_SECONDS:-300}"); do
  curl -fs "http://127.0.0.1:$PORT/q/health/ready" >/dev/null 2>&1 && break
  kill -0 "$SERVICE_PID" 2>/dev/null || { cat "$WORK/service.log" >&2; exit 1; }
  sleep 1
done
memory() { awk '/^VmRSS|^VmHWM/ {printf "%s %d MB  ", $1, $2/1024}' "/proc/$SERVICE_PID/status"; }
echo "   service JVM options: $(show_java_options "$APP" "$JAVA_OPTS")"
echo "before: $(memory)"
for run in $(seq 1 "$RUNS"); do
  curl -s -o "$WORK/answer.json" -w "run $run: %{http_code} in %{time_total} s, answer %{size_download} bytes" \
    -u "$SUBMISSION_BACKEND_USER:$SUBMISSION_BACKEND_PASSWORD" -b XSRF-TOKEN=t -H 'X-XSRF-TOKEN: t' \
    -H 'Content-Type: application/yaml' --data-binary @"$WORK/rules.yaml" \
    "http://127.0.0.1:$PORT/policy/rules/dry-run?since=2000-01-01&limit=10000"
  echo ", $(grep -o '"submissions":[0-9]*,"changed":[0-9]*' "$WORK/answer.json"); $(memory)"
done
echo "(nproc=$(nproc), load average: $(cut -d' ' -f1-3 /proc/loadavg))"
