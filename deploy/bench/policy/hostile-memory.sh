#!/usr/bin/env bash
# The hostile review's memory attacks on the packaged policy service with the images' JVM options,
# on GenerateSeed.java's data set under GenerateRules.java's 50 rules (which read
# metadata.acceptedDate): one submission's metadata made 4 MB of `[{},{},...]` (written straight
# into pass_submission, as pass-core would store a submitter's own metadata), then its policies asked 50 times, 10 at a time; then four dry runs of all 10,000
# submissions at once (one runs, the others are refused with 429). After each: the answers'
# statuses, whether the process is still there, its RSS and its peak RSS. A service that ends fails
# the script. Not part of `verify` (the attacks' tests are HostileMetadataTest and DryRunTest).
#
#   ./mvnw -B -o -pl policy-service,deploy/launcher -am package -DskipTests   # once
#   bash deploy/bench/policy/hostile-memory.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
HERE="$ROOT/deploy/bench/policy"
JAR="${BENCH_APP:-$ROOT/policy-service/target/quarkus-app}/quarkus-run.jar"
WORK="$(mktemp -d /tmp/policy-hostile.XXXXXX)"
PORT="${BENCH_PORT:-18083}"
export SUBMISSION_BACKEND_USER=bench SUBMISSION_BACKEND_PASSWORD=bench-secret POLICY_RULES_FILE="$WORK/rules.yaml"
source "$HERE/service.sh"
java "$HERE/GenerateRules.java" > "$POLICY_RULES_FILE"
for tool in psql curl; do command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done

start_policy_service
kill "$SERVICE_PID"; wait "$SERVICE_PID" 2>/dev/null || true
start_package "$APP" "$PORT" "$WORK/service.log" SUBMISSION_SEED_DEMO=false
SERVICE_PID=$PACKAGE_PID
echo "JVM options: $(show_java_options "$APP" "$JAVA_OPTS")"
memory() { awk '/^VmRSS|^VmHWM/ {printf "%s %d MiB  ", $1, $2 / 1024}' "/proc/$SERVICE_PID/status"; }
alive() {
  kill -0 "$SERVICE_PID" 2>/dev/null || { echo "the service ended:"; tail -20 "$WORK/service.log"; exit 1; }
  echo "   after $1: alive, $(memory)"
}
echo "ready: $(memory)"

DB="$(sed -E 's#^[a-z]+:#postgresql:#' <<<"$SUBMISSION_DB_URL")"
SUBMISSION="$(psql -X -At "$DB" -U "$SUBMISSION_DB_USER" -c 'SELECT min(id) FROM pass_submission')"
psql -X -q "$DB" -U "$SUBMISSION_DB_USER" \
  -c "UPDATE pass_submission SET metadata = '[' || repeat('{},', 1398101) || '{}]' WHERE id = $SUBMISSION"
echo "metadata of submission $SUBMISSION: $(psql -X -At "$DB" -U "$SUBMISSION_DB_USER" \
  -c "SELECT octet_length(metadata) FROM pass_submission WHERE id = $SUBMISSION") bytes"
seq 1 50 | xargs -P 10 -I{} curl -s -o /dev/null -w '%{http_code}\n' -u "$SUBMISSION_BACKEND_USER:$SUBMISSION_BACKEND_PASSWORD" \
  "http://127.0.0.1:$PORT/policy/policies?submission=$SUBMISSION" | sort | uniq -c | sed 's/^/   policies answered: /'
alive "4 MB of metadata"

runs=()
for run in 1 2 3 4; do
  curl -s -o "$WORK/dry-run-$run.json" -w '%{http_code}\n' -u "$SUBMISSION_BACKEND_USER:$SUBMISSION_BACKEND_PASSWORD" \
    -b XSRF-TOKEN=t -H 'X-XSRF-TOKEN: t' -H 'Content-Type: application/yaml' --data-binary @"$WORK/rules.yaml" \
    "http://127.0.0.1:$PORT/policy/rules/dry-run?since=2000-01-01&limit=10000" > "$WORK/dry-run-$run" &
  runs+=($!)
done
wait "${runs[@]}"
for run in 1 2 3 4; do echo "   dry run $run: $(cat "$WORK/dry-run-$run") $(head -c 160 "$WORK/dry-run-$run.json")"; done
cat "$WORK"/dry-run-? | sort | uniq -c | sed 's/^/   dry runs answered: /'
alive "four dry runs at once"
echo "(nproc=$(nproc), load average: $(cut -d' ' -f1-3 /proc/loadavg))"
