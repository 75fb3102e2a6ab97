# Sourced by run.sh and dry-run.sh (after ROOT, HERE, JAR, WORK and PORT): the packaged policy
# service on the embedded PostgreSQL (../local-database.sh), loaded with the generated seed, and
# stopped with the database when the script exits.
[ -f "$JAR" ] || { echo "build first: ./mvnw -B -o -pl policy-service,deploy/launcher -am package -DskipTests" >&2; exit 1; }
source "$ROOT/deploy/bench/local-database.sh"
source "$ROOT/deploy/bench/common.sh"
APP="$(dirname "$JAR")"
JAVA_OPTS="$(service_java_options)"

SERVICE_PID=""
PACKAGE_PIDS=()
cleanup() {
  local pid
  for pid in "${PACKAGE_PIDS[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then kill "$pid"; wait "$pid" 2>/dev/null || true; fi
  done
  stop_local_database
  rm -rf "$WORK"
}
trap cleanup EXIT

# start_package QUARKUS_APP PORT LOG [VAR=value...]: starts that package of the service with the
# images' options in the background (PACKAGE_PID), on the database started already, and waits
# until it is ready
start_package() {
  local app=$1 port=$2 log=$3
  shift 3
  env "$@" QUARKUS_HTTP_PORT="$port" SERVICE_POLICY_INSTITUTION=example.edu \
    SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE="Example University Open Access Policy" \
    SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME="Example Scholarship" \
    bash -c 'cd "$1" && exec java $2 -jar quarkus-run.jar' _ "$app" "$JAVA_OPTS" > "$log" 2>&1 &
  PACKAGE_PID=$!
  PACKAGE_PIDS+=("$PACKAGE_PID")
  for _ in $(seq 1 "${BENCH_START_SECONDS:-300}"); do
    curl -fs "http://127.0.0.1:$port/q/health/ready" >/dev/null 2>&1 && return
    kill -0 "$PACKAGE_PID" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 1
  done
  echo "service not ready:" >&2; tail -30 "$log" >&2; exit 1
}

# start_policy_service: the embedded PostgreSQL, and this tree's package on it loaded with the
# generated seed (SERVICE_PID)
start_policy_service() {
  java "$HERE/GenerateSeed.java" > "$WORK/seed.json"
  unset SUBMISSION_DB_URL
  start_local_database "$WORK"
  start_package "$APP" "$PORT" "$WORK/service.log" SUBMISSION_SEED_DEMO=false SUBMISSION_SEED_FILE="$WORK/seed.json"
  SERVICE_PID=$PACKAGE_PID
}
