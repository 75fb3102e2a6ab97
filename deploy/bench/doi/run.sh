#!/usr/bin/env bash
# The DOI service's added latency over its registry, loopback only, not part of `verify`.
#
#   deploy/bench/doi/run.sh [seconds-per-phase=10] [stub-delay-ms=20]
#
# The upstream is WireMock standalone (deploy/bench/doi/stub: mapping and body files, the fixed
# delay set through its admin API); the load is wrk with distinct-dois.lua (a DOI never asked
# before on every request, so every answer goes to the stub). In one run: p50/p99 of the stub
# alone, of /doi/journal (its journal exists: one of 50, created during the warm-up) and of
# /doi/manuscript, at concurrency 1 and 8, and the difference to the stub at the same concurrency;
# last, both with the registry's answer cached (64 DOIs per wrk thread, asked once before).
# The service runs on the launcher's embedded PostgreSQL (../local-database.sh, unless
# SUBMISSION_DB_URL names one), stopped at the end with the rest.
# The service runs with the images' JVM options (its quarkus-app/jvm.options, and its AOT cache where SUBMISSION_AOT_JDK names the JDK 25 that trained it: ../common.sh),
# printed with the figures, unless BENCH_JAVA_OPTS replaces them for an A/B run (../common.sh).
# Both endpoints and the stub must answer 200 before anything is timed, and the run fails, saying
# how many, when any request of a warm-up or a measurement is not 2xx or a socket error.
# The stub announces no rate limit, so the service's default until one is announced (10 calls per
# second per upstream, over all pods) is turned off: the bench measures the cost, not the etiquette.
# Needs wrk (apt-get install -y wrk), curl, a JDK 17+. Builds what is missing.
set -euo pipefail
cd "$(dirname "$0")/../../.."

SECONDS_PER_PHASE=${1:-10}
DELAY_MS=${2:-20}
STUB_PORT=${STUB_PORT:-18099}
SERVICE_PORT=${SERVICE_PORT:-18083}
export SUBMISSION_BACKEND_USER=${SUBMISSION_BACKEND_USER:-bench}
export SUBMISSION_BACKEND_PASSWORD=${SUBMISSION_BACKEND_PASSWORD:-bench-secret}
JAR=doi-service/target/quarkus-app/quarkus-run.jar
WORK=$(mktemp -d -t doi-bench-XXXXXX)

command -v wrk >/dev/null || { echo "wrk is needed (apt-get install -y wrk)" >&2; exit 1; }
if [ ! -f "$JAR" ] || ! ls deploy/launcher/target/lib/wiremock-standalone-*.jar >/dev/null 2>&1; then
  ./mvnw -B -q -pl doi-service,deploy/launcher -am package -DskipTests
fi
WIREMOCK=$(ls deploy/launcher/target/lib/wiremock-standalone-*.jar | head -n 1)
source deploy/bench/local-database.sh
source deploy/bench/common.sh
JAVA_OPTS=$(service_java_options)

STUB_PID=""
SERVICE_PID=""
stop() {
  [ -n "$SERVICE_PID" ] && kill "$SERVICE_PID" 2>/dev/null && wait "$SERVICE_PID" 2>/dev/null || true
  [ -n "$STUB_PID" ] && kill "$STUB_PID" 2>/dev/null && wait "$STUB_PID" 2>/dev/null || true
  stop_local_database
}
trap stop EXIT
start_local_database "$WORK"

java -Xmx256m -jar "$WIREMOCK" --port "$STUB_PORT" --bind-address 127.0.0.1 --root-dir deploy/bench/doi/stub \
  --no-request-journal --disable-banner --async-response-enabled true --container-threads 16 >"$WORK/stub.log" 2>&1 &
STUB_PID=$!

REGISTRY_BASEURI="http://127.0.0.1:$STUB_PORT/works/" \
OALOOKUP_BASEURI="http://127.0.0.1:$STUB_PORT/v2/" \
DOI_SERVICE_MAILTO=bench@example.org \
DOI_UPSTREAM_DEFAULT_RATE=0 \
QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT="$SERVICE_PORT" QUARKUS_LOG_LEVEL=WARN \
  bash -c 'cd "$(dirname "$1")" && exec java $2 -jar quarkus-run.jar' _ "$JAR" "$JAVA_OPTS" >"$WORK/service.log" 2>&1 &
SERVICE_PID=$!

for url in "http://127.0.0.1:$STUB_PORT/__admin/health" "http://127.0.0.1:$SERVICE_PORT/q/health/ready"; do
  for _ in $(seq 1 180); do
    curl -fs "$url" >/dev/null 2>&1 && break
    kill -0 "$STUB_PID" 2>/dev/null && kill -0 "$SERVICE_PID" 2>/dev/null || { echo "start failed; logs in $WORK" >&2; exit 1; }
    sleep 1
  done
  curl -fs "$url" >/dev/null || { echo "$url not ready; logs in $WORK" >&2; exit 1; }
done
curl -fs -X POST -H 'Content-Type: application/json' -d "{\"fixedDelay\": $DELAY_MS}" \
  "http://127.0.0.1:$STUB_PORT/__admin/settings" >/dev/null

AUTH="Authorization: Basic $(printf '%s:%s' "$SUBMISSION_BACKEND_USER" "$SUBMISSION_BACKEND_PASSWORD" | base64 -w0)"
RUN=$(date +%s)
SCRIPT=deploy/bench/doi/distinct-dois.lua

# load PATH CONCURRENCY SECONDS PORT: sets RESULT to "requests failed p50 p99" (exits when a
# request failed); BENCH_REPEAT=N repeats N DOIs per thread
load() {
  local result requests failed threads=$(( $2 < 2 ? 1 : 2 ))
  # repeated DOIs: one connection per wrk thread, so that a thread never asks a DOI that is still
  # in flight (the service answers that with a 429)
  [ -z "${BENCH_REPEAT:-}" ] || threads=$2
  result=$(BENCH_PATH=$1 BENCH_RUN="${FIXED_RUN:-$RUN.$2.$RANDOM}" wrk -t"$threads" -c"$2" -d"$3"s -s "$SCRIPT" \
    -H "$AUTH" -H 'X-XSRF-TOKEN: bench' -H 'Cookie: XSRF-TOKEN=bench' "http://127.0.0.1:$4" | sed -n 's/^RESULT //p')
  [ -n "$result" ] || { echo "wrk printed no result for $1 at concurrency $2; logs in $WORK" >&2; exit 1; }
  read -r requests failed _ <<<"$result"
  require_no_failures "$1 at concurrency $2 (port $4)" "$failed" "$requests"
  RESULT=$result
}

for check in "journal?doi=10.5555/$RUN.check.1|$SERVICE_PORT|/doi/" "manuscript?doi=10.5555/$RUN.check.2|$SERVICE_PORT|/doi/" \
             "10.5555/$RUN.check.3|$STUB_PORT|/works/"; do
  IFS='|' read -r target port prefix <<<"$check"
  expect_200 "GET $prefix$target" -H "$AUTH" -H 'X-XSRF-TOKEN: bench' -b 'XSRF-TOKEN=bench' "http://127.0.0.1:$port$prefix$target"
done

# JIT, pools and the 50 journals before anything is measured
load "/doi/journal?doi=" 8 "$SECONDS_PER_PHASE" "$SERVICE_PORT" >/dev/null
load "/doi/manuscript?doi=" 8 "$(( SECONDS_PER_PHASE / 2 + 1 ))" "$SERVICE_PORT" >/dev/null
load "/works/" 8 2 "$STUB_PORT" >/dev/null

echo "stub delay ${DELAY_MS} ms, ${SECONDS_PER_PHASE} s per phase, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); logs in $WORK"
echo "service JVM options: $(show_java_options "$(dirname "$JAR")" "$JAVA_OPTS")"
printf '%-22s %4s %9s %7s %9s %9s %12s %12s\n' target conc requests failed "p50 ms" "p99 ms" "p50 - stub" "p99 - stub"
for c in 1 8; do
  load "/works/" "$c" "$SECONDS_PER_PHASE" "$STUB_PORT"
  read -r sn se s50 s99 <<<"$RESULT"
  printf '%-22s %4s %9s %7s %9s %9s %12s %12s\n' "stub alone" "$c" "$sn" "$se" "$s50" "$s99" "" ""
  for path in /doi/journal /doi/manuscript; do
    load "$path?doi=" "$c" "$SECONDS_PER_PHASE" "$SERVICE_PORT"
    read -r n e p50 p99 <<<"$RESULT"
    printf '%-22s %4s %9s %7s %9s %9s %12s %12s\n' "$path" "$c" "$n" "$e" "$p50" "$p99" \
      "$(awk "BEGIN{printf \"%+.2f\", $p50 - $s50}")" "$(awk "BEGIN{printf \"%+.2f\", $p99 - $s99}")"
  done
done
for c in 1 8; do
  for path in /doi/journal /doi/manuscript; do
    export BENCH_REPEAT=64 FIXED_RUN="cached.$RUN.$c"
    # fills the cache, not measured
    load "$path?doi=" "$c" "$SECONDS_PER_PHASE" "$SERVICE_PORT" >/dev/null
    load "$path?doi=" "$c" "$SECONDS_PER_PHASE" "$SERVICE_PORT"
    read -r n e p50 p99 <<<"$RESULT"
    unset BENCH_REPEAT FIXED_RUN
    printf '%-22s %4s %9s %7s %9s %9s\n' "$path (cached)" "$c" "$n" "$e" "$p50" "$p99"
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
