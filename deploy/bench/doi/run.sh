#!/usr/bin/env bash
# Benchmark of the DOI service against a loopback stub upstream answering after 20 ms.
# Not part of `verify`. Loopback only; every phase is bounded in time.
#
#   deploy/bench/doi/run.sh [seconds-per-phase=10] [concurrency=32] [journals=1000]
#
# Builds doi-service once if its jar is missing, starts StubUpstream.java and the service (with
# its embedded PostgreSQL), runs Bench.java, and stops both again.
set -euo pipefail
cd "$(dirname "$0")/../../.."

PHASE_SECONDS=${1:-10}
CONCURRENCY=${2:-32}
JOURNALS=${3:-1000}
STUB_PORT=${STUB_PORT:-18099}
SERVICE_PORT=${SERVICE_PORT:-18083}
export SUBMISSION_BACKEND_USER=${SUBMISSION_BACKEND_USER:-bench}
export SUBMISSION_BACKEND_PASSWORD=${SUBMISSION_BACKEND_PASSWORD:-bench-secret}
JAR=doi-service/target/quarkus-app/quarkus-run.jar
LOG=$(mktemp -t doi-bench-XXXXXX.log)

if [ ! -f "$JAR" ]; then
  ./mvnw -B -o -q -pl doi-service package -DskipTests
fi

STUB_PID=""
SERVICE_PID=""
stop() {
  [ -n "$SERVICE_PID" ] && kill "$SERVICE_PID" 2>/dev/null && wait "$SERVICE_PID" 2>/dev/null || true
  [ -n "$STUB_PID" ] && kill "$STUB_PID" 2>/dev/null && wait "$STUB_PID" 2>/dev/null || true
}
trap stop EXIT

java -Xmx256m deploy/bench/doi/StubUpstream.java "$STUB_PORT" 20 "$JOURNALS" &
STUB_PID=$!

REGISTRY_BASEURI="http://127.0.0.1:$STUB_PORT/works/" \
OALOOKUP_BASEURI="http://127.0.0.1:$STUB_PORT/v2/" \
DOI_SERVICE_MAILTO=bench@example.org \
QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT="$SERVICE_PORT" QUARKUS_LOG_LEVEL=WARN \
  java -Xmx512m -jar "$JAR" >"$LOG" 2>&1 &
SERVICE_PID=$!

for _ in $(seq 1 180); do
  if curl -fs "http://127.0.0.1:$SERVICE_PORT/q/health/ready" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$SERVICE_PID" 2>/dev/null; then echo "service did not start; log: $LOG" >&2; exit 1; fi
  sleep 1
done
curl -fs "http://127.0.0.1:$SERVICE_PORT/q/health/ready" >/dev/null || { echo "service not ready; log: $LOG" >&2; exit 1; }

echo "machine: $(nproc) cores; service log: $LOG"
java deploy/bench/doi/Bench.java "http://127.0.0.1:$SERVICE_PORT" "http://127.0.0.1:$STUB_PORT" "$SERVICE_PID" \
  "$PHASE_SECONDS" "$CONCURRENCY"
