#!/usr/bin/env bash
# Dry run benchmark: POST /policy/rules/dry-run with the 50 rules of GenerateRules.java as the
# candidate, replaying all 10,000 submissions of GenerateSeed.java (limit=10000) against no
# current rules, five times; its time per run and the service's memory (RSS and its peak) before
# and after, in a service started afresh once the seed is loaded. Not part of `verify`.
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
source "$HERE/service.sh"

java "$HERE/GenerateRules.java" > "$WORK/rules.yaml"
start_policy_service
# loading the seed grows the process that loads it: measure a service started afresh on the loaded database
kill "$SERVICE_PID"; wait "$SERVICE_PID" 2>/dev/null || true
start_package "$APP" "$PORT" "$WORK/service.log" SUBMISSION_SEED_DEMO=false
SERVICE_PID=$PACKAGE_PID
memory() { awk '/^VmRSS|^VmHWM/ {printf "%s %d MB  ", $1, $2/1024}' "/proc/$SERVICE_PID/status"; }
echo "   service JVM options: $(show_java_options "$APP" "$JAVA_OPTS")"
echo "before: $(memory)"
for run in $(seq 1 "$RUNS"); do
  curl -s -o "$WORK/answer.json" -w "run $run: %{http_code} in %{time_total} s, answer %{size_download} bytes" \
    -u "$SUBMISSION_BACKEND_USER:$SUBMISSION_BACKEND_PASSWORD" -b XSRF-TOKEN=t -H 'X-XSRF-TOKEN: t' \
    -H 'Content-Type: application/yaml' --data-binary @"$WORK/rules.yaml" \
    "http://127.0.0.1:$PORT/policy/rules/dry-run?since=2000-01-01&limit=10000"
  [ -n "${BENCH_SHOW_ANSWER:-}" ] && head -c 600 "$WORK/answer.json"
  echo ", $(grep -o '"submissions":[0-9]*,"changed":[0-9]*' "$WORK/answer.json"); $(memory)"
done
echo "(nproc=$(nproc), load average: $(cut -d' ' -f1-3 /proc/loadavg))"
