# Sourced by run.sh and dry-run.sh (after ROOT, HERE, JAR, WORK and PORT): the packaged policy
# service on the embedded PostgreSQL (../local-database.sh), loaded with the generated seed, and
# stopped with the database when the script exits.
[ -f "$JAR" ] || { echo "build first: ./mvnw -B -o -pl policy-service,deploy/launcher -am package -DskipTests" >&2; exit 1; }
source "$ROOT/deploy/bench/local-database.sh"
source "$ROOT/deploy/bench/common.sh"
APP="$(dirname "$JAR")"
JAVA_OPTS="$(service_java_options)"

SERVICE_PID=""
cleanup() {
  if [ -n "$SERVICE_PID" ] && kill -0 "$SERVICE_PID" 2>/dev/null; then
    kill "$SERVICE_PID"; wait "$SERVICE_PID" 2>/dev/null || true
  fi
  stop_local_database
  rm -rf "$WORK"
}
trap cleanup EXIT

# start_policy_service: starts it in the background (SERVICE_PID) and waits until it is ready
start_policy_service() {
  java "$HERE/GenerateSeed.java" > "$WORK/seed.json"
  unset SUBMISSION_DB_URL
  start_local_database "$WORK"
  SUBMISSION_SEED_DEMO=false SUBMISSION_SEED_FILE="$WORK/seed.json" QUARKUS_HTTP_PORT="$PORT" \
    SERVICE_POLICY_INSTITUTION=example.edu \
    SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE="Example University Open Access Policy" \
    SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME="Example Scholarship" \
    bash -c 'cd "$1" && exec java $2 -jar quarkus-run.jar' _ "$APP" "$JAVA_OPTS" > "$WORK/service.log" 2>&1 &
  SERVICE_PID=$!
  for _ in $(seq 1 "${BENCH_START_SECONDS:-300}"); do
    curl -fs "http://127.0.0.1:$PORT/q/health/ready" >/dev/null 2>&1 && break
    kill -0 "$SERVICE_PID" 2>/dev/null || { cat "$WORK/service.log" >&2; exit 1; }
    sleep 1
  done
  curl -fs "http://127.0.0.1:$PORT/q/health/ready" >/dev/null || { echo "service not ready:" >&2; tail -30 "$WORK/service.log" >&2; exit 1; }
}
