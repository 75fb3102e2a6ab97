#!/usr/bin/env bash
# Image figures and their A/B (deploy/bench/RESULTS.md, "Images"). Per service and image:
# the image size and its layers; start to ready inside the container (from `podman run` to the
# first 200 of /q/health/ready) and the JVM's CPU time at that moment, median of RUNS starts; the
# RSS after 1,000 requests (8 at a time); and the JVM's CPU per request over 5,000 more. Runs the
# images as the tests do (read-only, no capabilities, host network). Every answer must be a 200,
# else no figure is printed.
#
# Each SET is LABEL=IMAGE, %s standing for the service (default: the container tests' images,
# test=localhost/submission-test/%s:latest). The sets are measured interleaved, service by
# service, ROUNDS times over (default 1), each row with the load average at its start.
#
#   bash deploy/containers/measure-images.sh [RUNS, default 3] [SET...]
#   ROUNDS=2 bash deploy/containers/measure-images.sh 3 A=localhost/submission-ab/%s:jdk17-appcds B=localhost/submission-test/%s:latest
#   (SUBMISSION_DB_URL names an existing PostgreSQL, else the launcher's embedded one is started)
set -euo pipefail
RUNS="${1:-3}"
shift || true
SETS=("$@")
[ "${#SETS[@]}" -gt 0 ] || SETS=("test=localhost/submission-test/%s:latest")
ROUNDS="${ROUNDS:-1}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$ROOT/deploy/containers/containers.conf}"
WORK="$(mktemp -d /tmp/measure-images.XXXXXX)"
PORT=18190
USER_PASS="measure:measure-secret"
TICKS="$(getconf CLK_TCK)"
source "$ROOT/deploy/bench/local-database.sh"
source "$ROOT/deploy/bench/common.sh"
cleanup() { podman rm -f measure-image >/dev/null 2>&1 || true; stop_local_database; rm -rf "$WORK"; }
trap cleanup EXIT
start_local_database "$WORK"

path_of() {
  case $1 in
    schema-service) echo "/schemaservice?entityIds=12&merge=true" ;;
    policy-service) echo "/policy/policies?submission=60" ;;
    doi-service) echo "/q/health/live" ;;   # no upstream here: the DOI lookups are measured by the tests
  esac
}

ready() { [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/q/health/ready")" = 200 ]; }

# the CPU time (user + system, all threads) the container's JVM has used, in milliseconds
cpu_ms() { podman exec measure-image cat /proc/1/stat | awk -v t="$TICKS" '{ print int(($14 + $15) * 1000 / t) }'; }

# prints "WALL_MS CPU_MS": from `podman run` to ready, and the JVM's CPU time then; the container keeps running
start() {
  local image=$1 begin wall
  begin=$(date +%s%N)
  podman run -d --name measure-image --network host --read-only --read-only-tmpfs=false \
    --tmpfs /tmp:rw,mode=1777,size=64m --cap-drop ALL --security-opt no-new-privileges \
    -e QUARKUS_HTTP_HOST=127.0.0.1 -e QUARKUS_HTTP_PORT=$PORT -e SUBMISSION_DB_URL="$SUBMISSION_DB_URL" \
    -e SUBMISSION_SEED_DEMO=true -e SUBMISSION_DB_POOL_SIZE=4 -e SERVICE_POLICY_INSTITUTION=example.edu \
    -e SUBMISSION_BACKEND_USER="${USER_PASS%%:*}" -e SUBMISSION_BACKEND_PASSWORD="${USER_PASS#*:}" "$image" \
    >/dev/null 2>"$WORK/run.err" || { cat "$WORK/run.err" >&2; exit 1; }
  until ready; do
    [ "$(podman inspect --format '{{.State.Running}}' measure-image)" = true ] \
      || { podman logs --tail 30 measure-image >&2; echo "$image stopped before it was ready" >&2; exit 1; }
    sleep 0.05
  done
  wall=$(( ($(date +%s%N) - begin) / 1000000 ))
  echo "$wall $(cpu_ms)"
}
stop() { podman rm -f -t 10 measure-image >/dev/null 2>&1; }
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }

# COUNT requests to URL, 8 at a time; exits unless every answer is a 200
requests() {
  local what=$1 url=$2 count=$3 failed
  for _ in $(seq "$count"); do printf 'url = "%s"\noutput = /dev/null\n' "$url"; done >"$WORK/requests"
  curl -s -Z --parallel-max 8 -u "$USER_PASS" -w '%{http_code}\n' -K "$WORK/requests" >"$WORK/codes" 2>/dev/null || true
  failed=$(grep -vc '^200$' "$WORK/codes" || true)
  require_no_failures "$what" "$failed" "$count"
}

echo "$(nproc) CPUs; $(podman --version); sets: ${SETS[*]}; $RUNS starts each, $ROUNDS round(s)"
printf '%-15s %-6s %5s %6s %9s %9s %9s %9s %10s  %s\n' service set round load "image MB" "ready ms" "CPU ms" "RSS MiB" "µs/request" "layers MB (top first)"
for round in $(seq "$ROUNDS"); do
  for service in schema-service policy-service doi-service; do
    url="http://127.0.0.1:$PORT$(path_of "$service")"
    for set in "${SETS[@]}"; do
      label=${set%%=*}
      # shellcheck disable=SC2059
      image=$(printf "${set#*=}" "$service")
      load=$(cut -d' ' -f1 /proc/loadavg)
      size=$(( $(podman image inspect --format '{{.Size}}' "$image") / 1000000 ))
      # the non-empty layers, top first: the class data recording (RUN), quarkus/, app/, quarkus-run.jar, lib/, the base
      layers=$(podman history --format '{{.Size}}' "$image" | grep -v '^0 B$' | tr -d ' ' | paste -sd, -)
      if [ "$round" = 1 ]; then start "$image" >/dev/null; stop; fi   # migrations and demo data, unmeasured
      walls=(); cpus=()
      for _ in $(seq "$RUNS"); do
        started=$(start "$image"); stop
        read -r wall cpu <<<"$started"
        walls+=("$wall"); cpus+=("$cpu")
      done
      start "$image" >/dev/null
      expect_200 "$service ($label)" -u "$USER_PASS" "$url"
      requests "$service ($label), 1,000 requests" "$url" 1000
      rss=$(( $(podman exec measure-image grep VmRSS /proc/1/status | tr -dc 0-9) / 1024 ))
      before=$(cpu_ms)
      requests "$service ($label), 5,000 requests" "$url" 5000
      per_request=$(( ($(cpu_ms) - before) * 1000 / 5000 ))
      stop
      printf '%-15s %-6s %5s %6s %9s %9s %9s %9s %10s  %s\n' "$service" "$label" "$round" "$load" "$size" \
        "$(median "${walls[@]}")" "$(median "${cpus[@]}")" "$rss" "$per_request" "$layers"
    done
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
