#!/usr/bin/env bash
# Where a service's RSS inside its container differs from the bare JVM's (figures in
# deploy/bench/RESULTS.md, "Images"). One service, after 1,000 requests (8 at a
# time) to its main endpoint, three ways, each with the images' JVM options (@jvm.options):
#   container  its image as the tests run it (read-only, no capabilities, host network), its own
#              JVM options and the archive its Dockerfile recorded (a start without a database,
#              stopped once it listens); the diagnostics below are added by JDK_JAVA_OPTIONS
#   bare       its quarkus-app with the package's archive (AppCdsTraining: a start with a database
#              and requests)
#   bare, archive recorded as in the image   the same quarkus-app, its archive recorded here the
#              way the Dockerfile records one
# For each: VmRSS, /proc/PID/smaps_rollup, the largest mappings by RSS (/proc/PID/smaps), and the
# classes loaded (-Xlog:class+load) and how many of them came from a class-data archive, and the
# committed memory of the JVM's own account (NMT, printed at exit; it costs 1-2 MiB itself). The
# answers' statuses are printed beside each; unless all 1,000 were 200, it stops without figures.
# JDK-independent: an image on another JDK (an AOT cache instead of AppCDS) is measured as it is.
# Build first: ./mvnw -B package -DskipTests (the archive) and the image (the container tests,
# localhost/submission-test/<service>:latest).
#
#   bash deploy/containers/rss-in-container.sh [service, default policy-service]
set -euo pipefail
SERVICE="${1:-policy-service}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
APP="$ROOT/$SERVICE/target/quarkus-app"
IMAGE="localhost/submission-test/$SERVICE:latest"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$ROOT/deploy/containers/containers.conf}"
WORK="$(mktemp -d /tmp/rss-in-container.XXXXXX)"
PORT=18191
USER_PASS="measure:measure-secret"
LOGGING="-Djava.util.logging.manager=org.jboss.logmanager.LogManager"
# the JVM's own account of its memory (NMT), printed when it exits
DIAGNOSTICS="-XX:NativeMemoryTracking=summary -XX:+UnlockDiagnosticVMOptions -XX:+PrintNMTStatistics"
[ -f "$APP/app-cds.jsa" ] || { echo "no $APP/app-cds.jsa: ./mvnw -B package -DskipTests first" >&2; exit 1; }
podman image exists "$IMAGE" || { echo "no image $IMAGE: run the container tests first" >&2; exit 1; }
source "$ROOT/deploy/bench/local-database.sh"
PID=""
cleanup() {
  podman rm -f measure-rss >/dev/null 2>&1 || true
  [ -z "$PID" ] || kill "$PID" 2>/dev/null || true
  stop_local_database
  rm -rf "$WORK"
}
trap cleanup EXIT
start_local_database "$WORK"
export SUBMISSION_BACKEND_USER="${USER_PASS%%:*}" SUBMISSION_BACKEND_PASSWORD="${USER_PASS#*:}" \
  QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT=$PORT SUBMISSION_DB_POOL_SIZE=4 SUBMISSION_SEED_DEMO=true \
  SERVICE_POLICY_INSTITUTION=example.edu

case $SERVICE in
  schema-service) REQUEST="/schemaservice?entityIds=12&merge=true" ;;
  policy-service) REQUEST="/policy/policies?submission=60" ;;
  *) echo "schema-service or policy-service (the DOI service needs an upstream: its image test measures it)" >&2; exit 2 ;;
esac

ready() { [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/q/health/ready")" = 200 ]; }
# the 1,000 requests; prints their answers by status ("200=1000"; 000: no answer)
load() {
  for _ in $(seq 1000); do printf 'url = "http://127.0.0.1:%s%s"\noutput = /dev/null\n' "$PORT" "$REQUEST"; done >"$WORK/requests"
  { curl -s -S -Z --parallel-max 8 -u "$USER_PASS" -w '%{http_code}\n' -K "$WORK/requests" 2>/dev/null || true; } \
    | sort | uniq -c | awk '{printf "%s%s=%s", (NR > 1 ? " " : ""), $2, $1}'
}
# reads /proc/<pid>/<file> of the JVM: $READ is "cat" or "podman exec measure-rss cat", $JVM its pid there
proc() { $READ "/proc/$JVM/$1"; }
report() {
  local answers
  answers=$(load)
  [ "$answers" = "200=1000" ] || { echo "$1: not every request answered 200 ($answers): no figure from it" >&2; exit 1; }
  echo "== $1 (statuses: $answers)"
  echo "VmRSS $(( $(proc status | awk '/^VmRSS/ {print $2}') / 1024 )) MiB"
  proc smaps_rollup | awk '$1 ~ /^(Rss|Pss|Shared_Clean|Shared_Dirty|Private_Clean|Private_Dirty|Anonymous):$/ {printf "%s %d MiB  ", $1, $2/1024} END {print ""}'
  proc smaps | awk '/^[0-9a-f]+-[0-9a-f]+ / {name = (NF >= 6 ? $6 : "[anonymous]")} /^Rss:/ {rss[name] += $2}
      END {for (n in rss) if (rss[n] >= 1024) printf "%8.1f MiB  %s\n", rss[n]/1024, n}' | sort -rn | head -12
  $READ "$2" >"$WORK/classes.txt"
  echo "classes loaded $(grep -c 'source:' "$WORK/classes.txt"), from an archive $(grep -c 'source: shared objects file' "$WORK/classes.txt")"
}

run_container() {
  podman run -d --name measure-rss --network host --read-only --read-only-tmpfs=false \
    --tmpfs /tmp:rw,mode=1777,size=64m --cap-drop ALL --security-opt no-new-privileges \
    -e QUARKUS_HTTP_HOST -e QUARKUS_HTTP_PORT -e SUBMISSION_DB_URL -e SUBMISSION_DB_USER -e SUBMISSION_SEED_DEMO \
    -e SUBMISSION_DB_POOL_SIZE -e SERVICE_POLICY_INSTITUTION -e SUBMISSION_BACKEND_USER -e SUBMISSION_BACKEND_PASSWORD \
    -e JDK_JAVA_OPTIONS="$DIAGNOSTICS -Xlog:class+load=info:file=/tmp/classes.log" "$IMAGE" >/dev/null
  until ready; do sleep 0.1; done
}
run_bare() {
  (cd "$APP" && exec java @jvm.options -XX:SharedArchiveFile="$1" $LOGGING $DIAGNOSTICS -Xlog:class+load=info:file="$WORK/classes.log" \
    -jar quarkus-run.jar >"$WORK/service.log" 2>&1) &
  PID=$!
  until ready; do kill -0 "$PID" || { tail "$WORK/service.log"; exit 1; }; sleep 0.1; done
}
stop_bare() { kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""; }
# the committed MiB of each NMT category (and the total) from a JVM's output at exit
nmt() { grep -E '^(Total:|-) ' | sed -E 's/^-? *([A-Za-z][A-Za-z ]*[a-z]):? *\(?reserved=[0-9]+(KB)?, committed=([0-9]+)(KB)?.*$/\1|\3|\4/' \
  | awk -F'|' '{b = ($3 == "KB") ? $2 * 1024 : $2; if (b >= 524288) printf "%s %d MiB; ", $1, b / 1048576} END {print ""}'; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) CPUs); $(podman --version)"
echo "JDK in the image: $(podman run --rm --entrypoint java "$IMAGE" -version 2>&1 | grep Runtime)"
echo "JDK here:         $(java -version 2>&1 | sed -n 2p)"

run_container   # the first start applies the migrations and the demo data, unmeasured
podman rm -f -t 10 measure-rss >/dev/null
run_container
READ="podman exec measure-rss cat" JVM=1 report "container, the image's archive" /tmp/classes.log
podman stop -t 10 measure-rss >/dev/null
echo "NMT committed: $(podman logs measure-rss 2>/dev/null | nmt)"
podman rm -f measure-rss >/dev/null

run_bare app-cds.jsa
READ=cat JVM=$PID report "bare, the package's archive" "$WORK/classes.log"
stop_bare
echo "NMT committed: $(nmt <"$WORK/service.log")"

# recorded as the Dockerfile records it: no database, stopped once it listens
(cd "$APP" && SUBMISSION_DB_URL=postgresql://127.0.0.1:9/none SUBMISSION_DB_MIGRATE=false SUBMISSION_SEED_DEMO=false \
  exec java @jvm.options -XX:ArchiveClassesAtExit="$WORK/as-in-image.jsa" $LOGGING -jar quarkus-run.jar >"$WORK/record.log" 2>&1) &
PID=$!
until (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do sleep 0.2; done
stop_bare
run_bare "$WORK/as-in-image.jsa"
READ=cat JVM=$PID report "bare, an archive recorded as in the image" "$WORK/classes.log"
stop_bare
echo "NMT committed: $(nmt <"$WORK/service.log")"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
