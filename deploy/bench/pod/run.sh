#!/usr/bin/env bash
# Per-pod figures for the operator's guide's sizing table and the autoscalers' target: each
# service in its image under its pod's own resources, read from its Deployment in deploy/k8s/base:
# the CPU limit as --cpus, the CPU request as --cpu-shares (1024 per CPU, as the kubelet sets the
# cgroup's weight), the memory limit as --memory (no swap). Run as the tests run the images
# (read-only, no capabilities, host network). For each workload, after a warm-up: the requests per
# second one pod serves at 8 connections (wrk), the JVM's CPU time per request (its /proc/1/stat
# before and after), its RSS at the end (VmRSS), and the machine's load average when the row
# started: on a shared machine another build takes CPU from the pod, so read each figure with it.
#   policy-service  /policy/policies and /policy/repositories of a demo submission
#   schema-service  /schemaservice?entityIds=12, cached after the first read
#   doi-service     /doi/journal: 64 DOIs per connection, cached; then a new DOI on every request (WireMock as the
#                   registry, deploy/bench/doi/stub, answering at once; the default rate of an
#                   upstream that announces none is off, so the pod's own cost is measured)
# Every answer must be a 2xx, else the run stops without a figure.
#
#   deploy/bench/pod/run.sh [SECONDS per figure, default 20] [SERVICE...]
#
# Needs podman (CONTAINERS_CONF: deploy/containers/containers.conf), wrk, curl, a JDK, the package
# (./mvnw -B package -DskipTests: the services' quarkus-app, the launcher's lib for the embedded
# PostgreSQL and WireMock). SUBMISSION_DB_URL names another PostgreSQL on loopback instead (a new
# database: the services migrate it and load the demo data). The images localhost/submission-test/<service>:latest are built from
# the packages when missing (with the stand-in base of deploy/containers/stand-in-base.sh).
set -euo pipefail
SECONDS_PER_FIGURE="${1:-20}"
shift || true
SERVICES=("$@")
[ "${#SERVICES[@]}" -gt 0 ] || SERVICES=(policy-service schema-service doi-service)
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$ROOT"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$ROOT/deploy/containers/containers.conf}"
WORK="$(mktemp -d /tmp/pod-bench.XXXXXX)"
PORT=18192
STUB_PORT=18193
USER_PASS="bench:bench-secret"
AUTH="Authorization: Basic $(printf '%s' "$USER_PASS" | base64 -w0)"
XSRF=(-H 'X-XSRF-TOKEN: bench' -H 'Cookie: XSRF-TOKEN=bench')
TICKS="$(getconf CLK_TCK)"
command -v wrk >/dev/null || { echo "wrk is needed (apt-get install -y wrk)" >&2; exit 1; }
source deploy/bench/local-database.sh
source deploy/bench/common.sh
STUB_PID=""
cleanup() {
  podman rm -f -t 2 pod-bench >/dev/null 2>&1 || true
  [ -z "$STUB_PID" ] || kill "$STUB_PID" 2>/dev/null || true
  stop_local_database
  rm -rf "$WORK"
}
trap cleanup EXIT

# the Deployment's resources: "CPU_LIMIT CPU_REQUEST MEMORY_LIMIT" as podman takes them
resources() {
  local manifest="deploy/k8s/base/$1.yml" cpu_limit cpu_request memory
  cpu_limit=$(awk '/limits:/ { l = 1 } l && /cpu:/ { print $2; exit }' "$manifest")
  cpu_request=$(awk '/requests:/ { r = 1 } r && /cpu:/ { print $2; exit }' "$manifest")
  memory=$(awk '/limits:/ { l = 1 } l && /memory:/ { print $2; exit }' "$manifest")
  millis() { case $1 in *m) echo "${1%m}" ;; *) echo $(( $1 * 1000 )) ;; esac; }
  echo "$(awk "BEGIN { print $(millis "$cpu_limit") / 1000 }") $(( $(millis "$cpu_request") * 1024 / 1000 )) ${memory%Mi}m"
}

image() {
  local service=$1 name="localhost/submission-test/$1:latest"
  if ! podman image exists "$name"; then
    bash deploy/containers/stand-in-base.sh >&2
    podman build --pull=never --format docker -f "$service/src/main/docker/Dockerfile.jvm" -t "$name" "$service" >&2
  fi
  echo "$name"
}

start() {
  local service=$1 cpus shares memory
  read -r cpus shares memory <<<"$(resources "$service")"
  LIMITS="--cpus=$cpus --cpu-shares=$shares --memory=$memory"
  podman run -d --name pod-bench --network host --read-only --read-only-tmpfs=false \
    --tmpfs /tmp:rw,mode=1777,size=64m --cap-drop ALL --security-opt no-new-privileges \
    --cpus="$cpus" --cpu-shares="$shares" --memory="$memory" --memory-swap="$memory" \
    -e QUARKUS_HTTP_HOST=127.0.0.1 -e QUARKUS_HTTP_PORT=$PORT -e QUARKUS_LOG_LEVEL=WARN \
    -e SUBMISSION_DB_URL="$SUBMISSION_DB_URL" -e SUBMISSION_SEED_DEMO=true -e SUBMISSION_DB_POOL_SIZE=8 \
    -e SERVICE_POLICY_INSTITUTION=example.edu -e SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE="Example University Open Access Policy" \
    -e SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME="Example Scholarship" \
    -e REGISTRY_BASEURI="http://127.0.0.1:$STUB_PORT/works/" -e OALOOKUP_BASEURI="http://127.0.0.1:$STUB_PORT/v2/" \
    -e DOI_SERVICE_MAILTO=bench@example.org -e DOI_UPSTREAM_DEFAULT_RATE=0 \
    -e SUBMISSION_BACKEND_USER="${USER_PASS%%:*}" -e SUBMISSION_BACKEND_PASSWORD="${USER_PASS#*:}" "$(image "$service")" >/dev/null
  for _ in $(seq 1 360); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/q/health/ready")" = 200 ] && return
    [ "$(podman inspect --format '{{.State.Running}}' pod-bench)" = true ] \
      || { podman logs --tail 30 pod-bench >&2; echo "$service stopped before it was ready" >&2; exit 1; }
    sleep 0.5
  done
  echo "$service not ready in 3 minutes" >&2; exit 1
}

cpu_ms() { podman exec pod-bench cat /proc/1/stat | awk -v t="$TICKS" '{ print int(($14 + $15) * 1000 / t) }'; }
rss_mib() { podman exec pod-bench awk '/^VmRSS:/ { print int($2 / 1024) }' /proc/1/status; }

# wrk at 8 connections for SECONDS on PATH (a new DOI each request with distinct-dois.lua when
# PATH ends in "doi="); prints "REQUESTS"; exits when an answer was not 2xx
load() {
  local path=$1 seconds=$2 output requests failed
  if [[ $path == *"doi=" ]]; then
    # cached: each connection its own thread and 64 DOIs, asked over and over (the warm-up's pass
    # caches them; two lookups of one DOI under way at once would get the DOI service's 429)
    local threads=2 repeat=0
    [ -z "${DOI_RUN:-}" ] || { threads=8; repeat=64; }
    output=$(BENCH_PATH=$path BENCH_RUN="${DOI_RUN:-pod.$RANDOM.$(date +%s)}" BENCH_REPEAT=$repeat \
      wrk -t"$threads" -c8 -d"${seconds}s" \
      -s deploy/bench/doi/distinct-dois.lua -H "$AUTH" "${XSRF[@]}" "http://127.0.0.1:$PORT")
    read -r requests failed _ <<<"$(sed -n 's/^RESULT //p' <<<"$output")"
    [ "${failed:-1}" = 0 ] || path="$path ($(wrk_statuses "$output"); $(grep '^ANSWER' <<<"$output" | tr '\n' ' '))"
  else
    output=$(wrk -t2 -c8 -d"${seconds}s" -H "$AUTH" "${XSRF[@]}" "http://127.0.0.1:$PORT$path")
    requests=$(awk '/requests in/ { print $1 }' <<<"$output")
    failed=$(wrk_failures "$output")
  fi
  if [ "${failed:-1}" != 0 ]; then
    echo "the pod's last warnings:" >&2
    podman logs pod-bench 2>&1 | grep -E ' (WARN|ERROR) ' | tail -n 10 >&2 || true
  fi
  require_no_failures "$path" "${failed:-1}" "${requests:-0}"
  echo "$requests"
}

# one row: the figure of PATH on the running pod, after a warm-up of half as long
figure() {
  local service=$1 what=$2 path=$3 load_avg cpu_before cpu_after requests
  local url="http://127.0.0.1:$PORT${path}$([[ $path == *"doi=" ]] && echo "10.5555/check.$RANDOM")"
  # a first call may outlast the DOI service's deadline while the stub's JVM warms up on a busy machine
  for _ in 1 2 3 4 5; do
    [ "$(curl -s -o /dev/null -w '%{http_code}' -H "$AUTH" "${XSRF[@]}" "$url")" = 200 ] && break
    sleep 2
  done
  expect_200 "$path" -H "$AUTH" "${XSRF[@]}" "$url"
  load "$path" $(( SECONDS_PER_FIGURE / 2 )) >/dev/null
  load_avg=$(cut -d' ' -f1-3 /proc/loadavg)
  cpu_before=$(cpu_ms)
  requests=$(load "$path" "$SECONDS_PER_FIGURE")
  cpu_after=$(cpu_ms)
  printf '%-15s %-28s %9.0f %12.2f %8s   %s\n' "$service" "$what" "$(awk "BEGIN { print $requests / $SECONDS_PER_FIGURE }")" \
    "$(awk "BEGIN { print ($cpu_after - $cpu_before) / $requests }")" "$(rss_mib)" "$load_avg"
}

start_local_database "$WORK"
if [[ " ${SERVICES[*]} " == *" doi-service "* ]]; then
  WIREMOCK=$( (ls deploy/launcher/target/lib/wiremock-standalone-*.jar ~/.m2/repository/org/wiremock/wiremock-standalone/*/wiremock-standalone-*.jar 2>/dev/null || true) | head -n 1)
  [ -n "$WIREMOCK" ] || { echo "no WireMock: build first (./mvnw -B package -DskipTests)" >&2; exit 1; }
  java -Xmx256m -jar "$WIREMOCK" --port "$STUB_PORT" --bind-address 127.0.0.1 --root-dir deploy/bench/doi/stub \
    --no-request-journal --disable-banner --async-response-enabled true --container-threads 16 >"$WORK/stub.log" 2>&1 &
  STUB_PID=$!
  until curl -fs "http://127.0.0.1:$STUB_PORT/__admin/health" >/dev/null 2>&1; do
    kill -0 "$STUB_PID" 2>/dev/null || { cat "$WORK/stub.log" >&2; exit 1; }
    sleep 0.5
  done
fi

echo "$(date -u +%Y-%m-%dT%H:%MZ); $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), shared with other builds;" \
  "$(podman --version); $SECONDS_PER_FIGURE s per figure at 8 connections"
printf '%-15s %-28s %9s %12s %8s   %s\n' service workload "req/s" "CPU ms/req" "RSS MiB" "load average (1, 5, 15 min) at the start"
for service in "${SERVICES[@]}"; do
  start "$service"
  echo "# $service in its image, $LIMITS (its Deployment's limit, request and memory limit)"
  case $service in
    policy-service)
      figure "$service" "policies" "/policy/policies?submission=60"
      figure "$service" "repositories" "/policy/repositories?submission=60" ;;
    schema-service)
      figure "$service" "schemas, cached" "/schemaservice?entityIds=12" ;;
    doi-service)
      DOI_RUN="cached.$RANDOM" figure "$service" "journal, cached" "/doi/journal?doi="
      figure "$service" "journal, new DOI" "/doi/journal?doi=" ;;
  esac
  podman rm -f -t 10 pod-bench >/dev/null
done
