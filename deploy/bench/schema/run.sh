#!/usr/bin/env bash
# Schema service benchmark (not part of `verify`): throughput and p50/p99 latency of /schemaservice
# for 1, 3 and 10 repositories, merged and unmerged, against the same server's /q/health/live as
# the local ceiling. One server on loopback on the launcher's embedded PostgreSQL (../local-database.sh,
# unless SUBMISSION_DB_URL names one), a store of the bundled
# schemas plus 50 generated repository schemas, wrk with 8 connections, a bounded duration each.
#
#   deploy/bench/schema/run.sh              # BENCH_DURATION=10s BENCH_WARMUP=5s BENCH_PORT=18081
#   BENCH_REPOSITORY_TTL=0 deploy/bench/schema/run.sh    # read the repositories from PostgreSQL on every request
#   BENCH_JAVA_OPTS="..." deploy/bench/schema/run.sh     # other JVM options, for an A/B run (../common.sh)
#
# The service runs with the images' JVM options (its quarkus-app/jvm.options, and its AOT cache where SUBMISSION_AOT_JDK names the JDK 25 that trained it: ../common.sh),
# printed with the figures. Every request must answer 200 before it is timed, and the run fails,
# saying how many, when any request of a warm-up or a measurement is not 2xx or a socket error.
#
# Needs: a JDK 17+, wrk (Debian/Ubuntu: apt-get install wrk), curl. Builds the service and the launcher when missing.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
PORT=${BENCH_PORT:-18081}
DURATION=${BENCH_DURATION:-10s}
WARMUP=${BENCH_WARMUP:-5s}
CONNECTIONS=8
THREADS=2
REPOSITORIES=50
REPOSITORY_TTL=${BENCH_REPOSITORY_TTL:-5S}
JAR="$ROOT/schema-service/target/quarkus-app/quarkus-run.jar"
BASE="http://127.0.0.1:$PORT"
USER_NAME=bench
PASSWORD=bench-$RANDOM$RANDOM

command -v wrk >/dev/null || { echo "wrk is needed (Debian/Ubuntu: apt-get install wrk)" >&2; exit 1; }
command -v curl >/dev/null || { echo "curl is needed" >&2; exit 1; }
if [ ! -f "$JAR" ] || [ ! -d "$ROOT/deploy/launcher/target/lib" ]; then
  (cd "$ROOT" && ./mvnw -B -q -pl schema-service,deploy/launcher -am package -DskipTests)
fi
source "$HERE/service.sh"
begin_schema_bench

java "$HERE/GenerateStore.java" "$WORK/schemas" "$WORK/seed.json" "$REPOSITORIES"

export SCHEMA_SERVICE_DIR="$WORK/schemas" SCHEMA_SERVICE_REPOSITORY_TTL=$REPOSITORY_TTL SUBMISSION_SEED_DEMO=false \
  SUBMISSION_SEED_FILE="$WORK/seed.json" SUBMISSION_BACKEND_USER=$USER_NAME SUBMISSION_BACKEND_PASSWORD=$PASSWORD
start_schema_service "$(dirname "$JAR")" "$PORT" "$JAVA_OPTS"

AUTH="Authorization: Basic $(printf '%s:%s' "$USER_NAME" "$PASSWORD" | base64 | tr -d '\n')"
COOKIE="Cookie: XSRF-TOKEN=bench"   # a client holding its cookie, as browsers do after the first answer
ONE="1001"
THREE="1001,1002,1003"
TEN="1001,1002,1003,1004,1005,1006,1007,1008,1009,1010"
SCENARIOS=(
  "ceiling: /q/health/live|/q/health/live"
  "1 repository, unmerged|/schemaservice?entityIds=$ONE"
  "1 repository, merged|/schemaservice?entityIds=$ONE&merge=true"
  "3 repositories, unmerged|/schemaservice?entityIds=$THREE"
  "3 repositories, merged|/schemaservice?entityIds=$THREE&merge=true"
  "10 repositories, unmerged|/schemaservice?entityIds=$TEN"
  "10 repositories, merged|/schemaservice?entityIds=$TEN&merge=true"
)

# every request must answer 200 before it is timed; this also warms the JIT on every path
for scenario in "${SCENARIOS[@]}"; do
  path=${scenario#*|}
  expect_200 "GET $path" -H "$AUTH" -H "$COOKIE" "$BASE$path"
  echo "checked $path: $(curl -s -H "$AUTH" -H "$COOKIE" -o /dev/null -w '%{size_download}' "$BASE$path") bytes"
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" -H "$AUTH" -H "$COOKIE" "$BASE$path")
  require_no_failures "warm-up of $path" "$(wrk_failures "$out")" "$(awk '/requests in/ {print $1}' <<<"$out")"
done

to_ms() {   # wrk prints 812.00us, 1.52ms or 1.02s
  awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.2f", n }'
}

# measure PATH: sets RPS, P50, P99 (ms)
measure() {
  local out
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "$AUTH" -H "$COOKIE" "$BASE$1")
  require_no_failures "$1" "$(wrk_failures "$out")" "$(awk '/requests in/ {print $1}' <<<"$out")"
  RPS=$(printf '%s\n' "$out" | awk '/^Requests\/sec:/ { print $2 }')
  P50=$(to_ms "$(printf '%s\n' "$out" | awk '$1 == "50%" { print $2 }')")
  P99=$(to_ms "$(printf '%s\n' "$out" | awk '$1 == "99%" { print $2 }')")
}

# The machine may be shared: each request is measured right after its own ceiling run, and
# compared with that, so a change of background load between scenarios does not skew the ratio.
printf '\nwrk -t%s -c%s -d%s --latency after a %s warm-up of each request; %s generated repository schemas;\nrepository TTL %s; %s cores, load average %s\nservice JVM options: %s\n\n' \
  "$THREADS" "$CONNECTIONS" "$DURATION" "$WARMUP" "$REPOSITORIES" "$REPOSITORY_TTL" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)" \
  "$(show_java_options "$(dirname "$JAR")" "$JAVA_OPTS")"
printf '%-30s %10s %8s %8s %8s\n' "request" "req/s" "p50 ms" "p99 ms" "share"
for scenario in "${SCENARIOS[@]:1}"; do
  measure "${SCENARIOS[0]#*|}"
  ceiling=$RPS
  printf '%-30s %10.0f %8s %8s %8s\n' "  ceiling: /q/health/live" "$RPS" "$P50" "$P99" "100%"
  measure "${scenario#*|}"
  share=$(awk -v r="$RPS" -v c="$ceiling" 'BEGIN { printf "%.0f%%", 100 * r / c }')
  printf '%-30s %10.0f %8s %8s %8s\n' "${scenario%%|*}" "$RPS" "$P50" "$P99" "$share"
done
printf '\nload average after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
