#!/usr/bin/env bash
# The hostile review's memory attacks on the packaged schema service with the images' JVM options
# (its quarkus-app/jvm.options, the AOT cache with SUBMISSION_AOT_JDK, the pod's 320 MiB as -XX:MaxRAM): a workbench
# preview of a 201 KB draft that expands to about 2.5 GB, one of an 800-level chain, and 150
# connections of the backend account each holding a 1 MB body 3 bytes short. After each: what it was
# answered (HostileMemory.java), whether the process is still there, its RSS and its peak RSS.
# A service that ends fails the script. Not part of `verify` (the attacks' tests are: DereferencerTest,
# BodyBudgetTest); these are the same attacks against the process as a pod runs it.
#
#   ./mvnw -B -o -pl schema-service,deploy/launcher -am package -DskipTests   # once
#   bash deploy/bench/schema/hostile-memory.sh                                 # BENCH_PORT=18082
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
PORT=${BENCH_PORT:-18082}
APP="${BENCH_APP:-$ROOT/schema-service/target/quarkus-app}"
BASE="http://127.0.0.1:$PORT"

source "$HERE/service.sh"
begin_demo_schema_bench "$APP" curl java
start_schema_service "$APP" "$PORT" "$JAVA_OPTS"
echo "JVM options: $(show_java_options "$APP" "$JAVA_OPTS")"
memory() { awk '/^VmRSS|^VmHWM/ {printf "%s %d MiB  ", $1, $2 / 1024}' "/proc/$SCHEMA_SERVICE_PID/status"; }
echo "ready: $(memory)"
for attack in "doubling" "deep" "bodies 150 1000000"; do
  # shellcheck disable=SC2086
  java "$HERE/HostileMemory.java" "$BASE" "$USER_NAME" "$PASSWORD" $attack | sed "s/^/$attack: /"
  sleep 1
  kill -0 "$SCHEMA_SERVICE_PID" 2>/dev/null || { echo "the service ended:"; tail -20 "$WORK/service.log"; exit 1; }
  echo "   after $attack: alive, $(memory)"
done
