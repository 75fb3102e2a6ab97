# Sourced by the schema benchmarks (bash), after HERE (this folder): ../local-database.sh and
# ../common.sh, JAVA_OPTS (their service_java_options), and a work folder, the local database and the
# packaged service on loopback, all stopped and removed at exit.
#
#   begin_schema_bench                         sets WORK, starts the local database, sets the EXIT trap
#   begin_demo_schema_bench APP TOOL...        exits unless each TOOL is on the path and APP is packaged;
#                                              then begin_schema_bench, and exports the demo's rows and a
#                                              backend account of this run (USER_NAME, PASSWORD)
#   start_schema_service APP PORT OPTIONS      runs APP/quarkus-run.jar with the JVM OPTIONS and the
#                                              environment the caller exported; returns once it is ready
#                                              (its output in $WORK/service.log)

source "$HERE/../local-database.sh"
source "$HERE/../common.sh"
JAVA_OPTS=$(service_java_options)
SCHEMA_SERVICE_PID=

begin_schema_bench() {
  WORK=$(mktemp -d)
  trap end_schema_bench EXIT
  start_local_database "$WORK"
}

begin_demo_schema_bench() {
  local app=$1 tool
  shift
  for tool in "$@"; do command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done
  [ -f "$app/quarkus-run.jar" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
  begin_schema_bench
  USER_NAME=bench
  PASSWORD=bench-$RANDOM$RANDOM
  export SUBMISSION_SEED_DEMO=true SUBMISSION_BACKEND_USER=$USER_NAME SUBMISSION_BACKEND_PASSWORD=$PASSWORD
}

end_schema_bench() {
  if [ -n "$SCHEMA_SERVICE_PID" ] && kill -0 "$SCHEMA_SERVICE_PID" 2>/dev/null; then
    kill "$SCHEMA_SERVICE_PID"
    wait "$SCHEMA_SERVICE_PID" 2>/dev/null || true
  fi
  stop_local_database
  rm -rf "$WORK"
}

start_schema_service() {
  local app=$1 port=$2 options=$3
  QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT=$port QUARKUS_LOG_LEVEL=WARN \
    bash -c 'cd "$1" && exec java $2 -jar quarkus-run.jar' _ "$app" "$options" >"$WORK/service.log" 2>&1 &
  SCHEMA_SERVICE_PID=$!
  for _ in $(seq 1 180); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/q/health/ready" && return 0
    kill -0 "$SCHEMA_SERVICE_PID" 2>/dev/null || { echo "the service stopped:" >&2; cat "$WORK/service.log" >&2; exit 1; }
    sleep 1
  done
  echo "the service did not become ready" >&2
  tail -50 "$WORK/service.log" >&2
  exit 1
}
