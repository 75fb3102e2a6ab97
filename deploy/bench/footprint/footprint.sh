#!/usr/bin/env bash
# Footprint of each service as the images run it (its quarkus-app/jvm.options, with the AOT cache of
# the package when SUBMISSION_AOT_JDK names the JDK 25 that trained it; printed at the start): size of target/quarkus-app (and of the cache in it), start to
# ready (from `java` to the first 200 of /q/health/ready, median of 5 starts, wall and CPU time), RSS right after
# start and after 1,000 requests (8 at a time) to its main endpoint, the CPU time the service spent
# on those 1,000 requests (median; the JIT's warm-up included), and how much of the RSS is the
# class data shared from a file (the AOT cache, or the JDK's own archive without one; resident; /proc/PID/smaps).
#
#   export SUBMISSION_AOT_JDK=/usr/lib/jvm/temurin-25-jdk-amd64   # a JDK 25: the images' JVM
#   ./mvnw -B verify -pl schema-service,policy-service,doi-service,deploy/launcher -am -Dtest=none \
#     -Dsurefire.failIfNoSpecifiedTests=false   # once: the packages, their caches (trained by the integration tests), the launcher's class path
#   bash deploy/bench/footprint/footprint.sh [runs, default 5] [other apps]
#   (BENCH_JAVA_OPTS replaces the JVM options for an A/B run, ../common.sh; FOOTPRINT_SERVICES="policy-service"
#    measures only the services listed; SUBMISSION_DB_URL names an existing PostgreSQL,
#    else the launcher's embedded one is started (../local-database.sh); the database gets the migrations and demo data
#    at a first, unmeasured start of each service)
#
# The DOI service asks a WireMock registry on loopback (a templated answer in registry/) for 1,000
# different DOIs of one journal (the service answers 429 to a second request for a DOI in flight):
# each request is a registry call plus the journal find-or-create. Each run checks that one request
# answers 200 before the 1,000, and fails, saying how many, when any of the 1,000 is not a 200.
# An A/B run: "other apps" names a second quarkus-app per service (absolute, or from the checkout's
# root), %s standing for the service's short name (schema, policy, doi), e.g.
# '../main/%s-service/target/quarkus-app' or '/tmp/before/%s-app'.
# Each run then starts this checkout's app (A) and the other one (B) one after the other, so that
# both see the same hour of a shared machine, and each service gets a row per app (B's marked "B").
# BENCH_JAVA_OPTS_B gives B other JVM options (an A/B of options: the same app twice,
# e.g. '%s-service/target/quarkus-app'); BENCH_JAVA and BENCH_JAVA_B another java for A and B (an
# A/B of JDKs: the AOT cache of a JDK 25 build against JDK 17, deploy/bench/RESULTS.md).
# Not part of verify.
set -euo pipefail

RUNS="${1:-5}"
OTHER_APPS="${2:-}"
SERVICES="${FOOTPRINT_SERVICES:-schema-service policy-service doi-service}"
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
HERE="$ROOT/deploy/bench/footprint"
WORK="$(mktemp -d /tmp/footprint.XXXXXX)"
PORT=18090
USER_PASS="footprint:footprint-secret"
WIREMOCK_JAR="$(ls "$HOME"/.m2/repository/org/wiremock/wiremock-standalone/*/wiremock-standalone-*.jar 2>/dev/null | grep -v sources | tail -1 || true)"

for tool in java curl; do command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 1; }; done
# the quarkus-app folders of a service: this checkout's, then the other one of an A/B run
apps_of() {
  echo "$ROOT/$1/target/quarkus-app"
  [ -z "$OTHER_APPS" ] || (cd "$ROOT" && realpath "$(printf "$OTHER_APPS" "${1%-service}")")
}
for service in $SERVICES; do
  [ -f "$ROOT/$service/target/quarkus-app/quarkus-run.jar" ] || { echo "build first (the commands above)" >&2; exit 1; }
  [ -z "${SUBMISSION_AOT_JDK:-}" ] || [ -n "${BENCH_JAVA_OPTS:-}" ] || [ -f "$ROOT/$service/target/quarkus-app/app.aot" ] \
    || { echo "no $service/target/quarkus-app/app.aot: build it with SUBMISSION_AOT_JDK set (the commands above)" >&2; exit 1; }
  for app in $(apps_of "$service"); do
    [ -f "$app/quarkus-run.jar" ] || { echo "no $app/quarkus-run.jar" >&2; exit 1; }
  done
done
[ -n "$WIREMOCK_JAR" ] || { echo "no wiremock-standalone jar in ~/.m2: run ./mvnw -B -pl doi-service -am test-compile once" >&2; exit 1; }

source "$ROOT/deploy/bench/local-database.sh"
source "$ROOT/deploy/bench/common.sh"
JAVA_OPTS="$(service_java_options)"
JAVA_OPTS_B="${BENCH_JAVA_OPTS_B:-$JAVA_OPTS}"
JAVA_A="${BENCH_JAVA:-java}"
JAVA_B="${BENCH_JAVA_B:-$JAVA_A}"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}" $(cat "$WORK/service.pid" 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
  stop_local_database
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

start_local_database "$WORK"
java -jar "$WIREMOCK_JAR" --bind-address 127.0.0.1 --port 0 --root-dir "$HERE/registry" --disable-banner \
  >"$WORK/wiremock.log" 2>&1 &
PIDS+=($!)
until grep -q "port:" "$WORK/wiremock.log" 2>/dev/null; do sleep 0.2; done
REGISTRY_PORT=$(grep -o 'port: *[0-9]*' "$WORK/wiremock.log" | head -1 | grep -o '[0-9]*')

export SUBMISSION_BACKEND_USER="${USER_PASS%%:*}" SUBMISSION_BACKEND_PASSWORD="${USER_PASS#*:}" \
  QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT=$PORT SUBMISSION_DB_POOL_SIZE=4 \
  REGISTRY_BASEURI="http://127.0.0.1:$REGISTRY_PORT/works/" OALOOKUP_BASEURI="http://127.0.0.1:$REGISTRY_PORT/v2/" \
  DOI_SERVICE_MAILTO=footprint@example.org \
  SERVICE_POLICY_INSTITUTION=example.edu \
  SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE="Example University Open Access Policy" \
  SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME="Example Scholarship"

path_of() {
  case $1 in
    schema-service) echo "/schemaservice?entityIds=12&merge=true" ;;
    policy-service) echo "/policy/policies?submission=60" ;;
    doi-service) echo "/doi/journal?doi=10.5555/footprint." ;;   # + a request number: one DOI at a time
  esac
}

# Readiness asked through bash's /dev/tcp: a curl process every 10 ms took ≈ 10 % of the two CPUs
# from the start it was measuring (≈ 0.2 s of its time to ready).
ready() {
  local status=""
  { printf 'GET /q/health/ready HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&7 && read -r -t 2 _ status _ <&7; } \
    7<>"/dev/tcp/127.0.0.1/$PORT" || return 1
  [ "$status" = 200 ]
}

# Starts the service from its quarkus-app folder APP (with OPTIONS, default JAVA_OPTS, and JAVA, default A's); prints "<pid> <milliseconds to ready> <CPU milliseconds to ready>" (the CPU
# time does not depend much on what else the machine runs; the wall time does).
start() {
  local service=$1 app=$2 options=${3:-$JAVA_OPTS} java=${4:-$JAVA_A} begin pid
  begin=$(date +%s%N)
  (cd "$app" && exec "$java" $options -jar quarkus-run.jar) >"$WORK/$service.log" 2>&1 &
  pid=$!
  echo "$pid" >"$WORK/service.pid"   # a service left running would keep the database from stopping
  until ready 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { echo "$service stopped; its log:" >&2; tail -20 "$WORK/$service.log" >&2; exit 1; }
    sleep 0.01
  done
  echo "$pid $(( ($(date +%s%N) - begin) / 1000000 )) $(cpu_ms "$pid")"
}

# the service runs in a subshell: wait for its exit by polling (it must not share the CPUs or the port with the next start)
stop() { kill "$1"; while kill -0 "$1" 2>/dev/null; do sleep 0.05; done; }
cpu_ms() { awk '{print ($14 + $15) * 10}' "/proc/$1/stat"; }
rss_mb() { echo $(( $(ps -o rss= -p "$1") / 1024 )); }
# resident MiB of the class-data archives (the JDK's and the application's): the part of the RSS
# that only fewer classes can lower
cds_rss_mb() { awk '/^[0-9a-f]+-[0-9a-f]+ / { jsa = ($NF ~ /\.(jsa|aot)$/) } /^Rss:/ && jsa { kb += $2 } END { print int(kb / 1024) }' "/proc/$1/smaps"; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) CPUs); JVM: $("$JAVA_A" -version 2>&1 | head -1)$(
  [ "$JAVA_B" = "$JAVA_A" ] || echo "; B's: $("$JAVA_B" -version 2>&1 | head -1)")"
for service in $SERVICES; do
  apps=($(apps_of "$service")); options=("$JAVA_OPTS" "$JAVA_OPTS_B")
  for v in "${!apps[@]}"; do
    echo "$service JVM options ($([ "$v" = 0 ] && echo A || echo B), ${apps[$v]}): $(show_java_options "${apps[$v]}" "${options[$v]}")"
  done
done
printf '%-17s %6s %6s %8s %11s %7s %9s %9s %9s %9s\n' service "app MB" "cds MB" "ready ms" "min-max" "CPU ms" "CPU 1000" "RSS start" "RSS 1000" "of it CDS"
for service in $SERVICES; do
  apps=($(apps_of "$service")); options=("$JAVA_OPTS" "$JAVA_OPTS_B"); javas=("$JAVA_A" "$JAVA_B")
  read -r pid _ < <(SUBMISSION_SEED_DEMO=true start "$service" "${apps[0]}")   # migrations and demo data, unmeasured
  stop "$pid"
  declare -A times=() cpus=() loads=() rss_start=() rss_load=() cds_load=()
  for _ in $(seq "$RUNS"); do
    for v in "${!apps[@]}"; do
      read -r pid ms cpu < <(start "$service" "${apps[$v]}" "${options[$v]}" "${javas[$v]}")
      times[$v]+=" $ms"; cpus[$v]+=" $cpu"
      rss_start[$v]=$(rss_mb "$pid")
      url="http://127.0.0.1:$PORT$(path_of "$service")"
      check="$url"
      [ "$service" != doi-service ] || check="${url}0"
      expect_200 "$service: GET $check" -u "$USER_PASS" -b XSRF-TOKEN=t -H 'X-XSRF-TOKEN: t' "$check"
      for i in $(seq 1000); do
        printf 'url = "%s"\noutput = /dev/null\n' "$url$([ "$service" = doi-service ] && echo "$i")"
      done >"$WORK/requests"
      curl -s -Z --parallel-max 8 -u "$USER_PASS" -b XSRF-TOKEN=t -H 'X-XSRF-TOKEN: t' \
        -w '%{http_code}\n' -K "$WORK/requests" 2>/dev/null >"$WORK/codes" || true
      require_no_failures "$service, the 1,000 requests" "$(grep -cvx 200 "$WORK/codes" || true)" 1000
      [ "$(wc -l <"$WORK/codes")" = 1000 ] || { echo "$service: $(wc -l <"$WORK/codes") of 1,000 requests answered" >&2; exit 1; }
      loads[$v]+=" $(( $(cpu_ms "$pid") - cpu ))"
      rss_load[$v]=$(rss_mb "$pid"); cds_load[$v]=$(cds_rss_mb "$pid")
      stop "$pid"
    done
  done
  for v in "${!apps[@]}"; do
    app="${apps[$v]}"
    sorted=($(printf '%s\n' ${times[$v]} | sort -n)); cpu_sorted=($(printf '%s\n' ${cpus[$v]} | sort -n))
    load_sorted=($(printf '%s\n' ${loads[$v]} | sort -n))
    printf '%-17s %6s %6s %8s %11s %7s %9s %9s %9s %9s   (RSS: last run)\n' "$service$([ "$v" = 0 ] || echo " B")" \
      "$(du -sm --exclude=app-cds.jsa --exclude=app.aot "$app" | cut -f1)" "$(( $(cat "$app/app-cds.jsa" "$app/app.aot" 2>/dev/null | wc -c) / 1048576 ))" \
      "${sorted[$(( ${#sorted[@]} / 2 ))]}" "${sorted[0]}-${sorted[-1]}" "${cpu_sorted[$(( ${#cpu_sorted[@]} / 2 ))]}" \
      "${load_sorted[$(( ${#load_sorted[@]} / 2 ))]}" "${rss_start[$v]}" "${rss_load[$v]}" "${cds_load[$v]}"
  done
  unset times cpus loads rss_start rss_load cds_load
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
