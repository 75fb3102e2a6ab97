#!/usr/bin/env bash
# Image figures (deploy/README.md, "Containers tested here"): per service the image size and its
# largest layer, start to ready inside the container (from `podman run` to the first 200 of
# /q/health/ready, median of RUNS), the same with `--cpus 1`, and the RSS after 1,000 requests
# (8 at a time) inside the container. Runs the images as the tests do (read-only, no capabilities,
# host network). Build them first (./mvnw verify, or the container tests: images
# localhost/submission-test/<service>:latest).
#
#   bash deploy/containers/measure-images.sh [runs, default 3]
#   (SUBMISSION_DB_URL names an existing PostgreSQL, else the launcher's embedded one is started)
set -euo pipefail
RUNS="${1:-3}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$ROOT/deploy/containers/containers.conf}"
WORK="$(mktemp -d /tmp/measure-images.XXXXXX)"
PORT=18190
USER_PASS="measure:measure-secret"
source "$ROOT/deploy/bench/local-database.sh"
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

# prints the milliseconds from `podman run` to ready; the container keeps running
start() {
  local image=$1; shift
  local begin; begin=$(date +%s%N)
  podman run -d --name measure-image --network host --read-only --read-only-tmpfs=false \
    --tmpfs /tmp:rw,mode=1777,size=64m --cap-drop ALL --security-opt no-new-privileges "$@" \
    -e QUARKUS_HTTP_HOST=127.0.0.1 -e QUARKUS_HTTP_PORT=$PORT -e SUBMISSION_DB_URL="$SUBMISSION_DB_URL" \
    -e SUBMISSION_SEED_DEMO=true -e SUBMISSION_DB_POOL_SIZE=4 -e SERVICE_POLICY_INSTITUTION=example.edu \
    -e SUBMISSION_BACKEND_USER="${USER_PASS%%:*}" -e SUBMISSION_BACKEND_PASSWORD="${USER_PASS#*:}" "$image" >/dev/null 2>&1
  until ready; do sleep 0.05; done
  echo $(( ($(date +%s%N) - begin) / 1000000 ))
}
stop() { podman rm -f -t 10 measure-image >/dev/null 2>&1; }
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) CPUs); $(podman --version)"
printf '%-15s %9s %10s %13s %9s  %s\n' service "image MB" "ready ms" "--cpus 1 ms" "RSS 1000" "layers (top first)"
for service in schema-service policy-service doi-service; do
  image="localhost/submission-test/$service:latest"
  size=$(( $(podman image inspect --format '{{.Size}}' "$image") / 1000000 ))
  # the non-empty layers, top first: the archive recording (RUN), quarkus/, app/, quarkus-run.jar, lib/, the base
  layers=$(podman history --format '{{.Size}}' "$image" | grep -v '^0 B$' | paste -sd, -)
  start "$image" >/dev/null; stop   # migrations and demo data, unmeasured
  plain=(); cpus=()
  for _ in $(seq "$RUNS"); do plain+=("$(start "$image")"); stop; cpus+=("$(start "$image" --cpus 1)"); stop; done
  start "$image" >/dev/null
  url="http://127.0.0.1:$PORT$(path_of "$service")"
  for _ in $(seq 1000); do printf 'url = "%s"\noutput = /dev/null\n' "$url"; done >"$WORK/requests"
  curl -s -Z --parallel-max 8 -u "$USER_PASS" -w '%{http_code}\n' -K "$WORK/requests" | sort | uniq -c | tr '\n' ' ' >"$WORK/codes"
  rss=$(( $(podman exec measure-image grep VmRSS /proc/1/status | tr -dc 0-9) / 1024 ))
  stop
  printf '%-15s %9s %10s %13s %9s  %s (answers: %s)\n' "$service" "$size" \
    "$(median "${plain[@]}")" "$(median "${cpus[@]}")" "$rss" "$layers" "$(cat "$WORK/codes")"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
