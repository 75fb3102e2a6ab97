# Sourced by the benchmarks (bash): the services start no database of their own, so a benchmark
# starts the launcher's embedded PostgreSQL (LocalDatabase.java on the launcher's class path)
# unless SUBMISSION_DB_URL names one, and stops it at the end.
#
#   start_local_database WORK_DIR   exports SUBMISSION_DB_URL and SUBMISSION_DB_USER, sets DB_PORT
#   stop_local_database             (in the script's EXIT trap) closes its input: the server stops
#
# Needs the launcher's class path: ./mvnw -B package -DskipTests (deploy/launcher/target/lib).

LOCAL_DATABASE_PID=""

start_local_database() {
  local work=$1 root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  if [ -z "${SUBMISSION_DB_URL:-}" ]; then
    [ -d "$root/deploy/launcher/target/lib" ] || { echo "build first: ./mvnw -B package -DskipTests" >&2; exit 1; }
    mkfifo "$work/db-in"
    java -cp "$root/deploy/launcher/target/lib/*" "$root/deploy/bench/LocalDatabase.java" "$work/postgres.log" \
      <"$work/db-in" >"$work/db-url" 2>"$work/db.log" &
    LOCAL_DATABASE_PID=$!
    exec 3>"$work/db-in"   # the server runs until this is closed
    until [ -s "$work/db-url" ]; do
      kill -0 "$LOCAL_DATABASE_PID" 2>/dev/null || { echo "the embedded PostgreSQL did not start:" >&2; cat "$work/db.log" >&2; exit 1; }
      sleep 0.2
    done
    export SUBMISSION_DB_URL="$(cat "$work/db-url")" SUBMISSION_DB_USER=postgres
  fi
  DB_PORT="$(sed -E 's#^.*://[^:/]+:([0-9]+)/.*$#\1#' <<<"$SUBMISSION_DB_URL")"
}

stop_local_database() {
  if [ -n "$LOCAL_DATABASE_PID" ]; then
    exec 3>&-
    wait "$LOCAL_DATABASE_PID" 2>/dev/null || true
    LOCAL_DATABASE_PID=""
  fi
}
