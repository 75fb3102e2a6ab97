# Sourced by the benchmarks (bash): the JVM options a service runs with, and the checks that keep
# a figure from coming from failed requests.
#
#   service_java_options             the options to start a service with, from its quarkus-app folder:
#                                    BENCH_JAVA_OPTS when set (another set, for an A/B run), else the
#                                    images' own: @jvm.options (written by the package from the pom's
#                                    service.jvm.options) and, with SUBMISSION_AOT_JDK set as for the
#                                    build, the package's AOT cache (the benchmarks' java is then that
#                                    JDK's, which trained it; without it, the default java and no cache)
#   show_java_options APP OPTIONS    the same with @jvm.options spelled out (APP: the quarkus-app folder)
#   expect_200 WHAT CURL-ARGS...     one request must answer 200 before anything is timed, else exit
#   wrk_failures WRK-OUTPUT          how many answers were not 2xx, plus wrk's socket errors
#   require_no_failures WHAT COUNT TOTAL   exit with a message when COUNT of TOTAL requests failed
#   wrk_statuses WRK-OUTPUT          the answers by status and the socket errors ("200=12 429=3 errors=0"),
#                                    from a wrk script that loads statuses.lua
#   require_statuses WHAT "200 429" STATUSES   exit with a message unless every answer had one of the
#                                    statuses, there was one at least, and no socket error
#   metric_sum BASE-URL PREFIX [PART]   the sum of the samples in BASE-URL/q/metrics whose line starts with
#                                    PREFIX (and holds PART), or nothing when the service does not answer within 5 s
#   cpu_us, serving_cpu_us           the CPU µs of process SERVICE_PID so far, and of its serving threads
#   pass_core_schema ROOT            pass-core's schema.sql: BENCH_PASS_CORE_SCHEMA, else
#                                    shared/reference/pass-core/schema.sql beside ROOT or one of its parents;
#                                    nothing when neither is there

# the images' JVM: the JDK 25 that trained the package's AOT cache (deploy/README.md, "Runtime")
if [ -n "${SUBMISSION_AOT_JDK:-}" ]; then
  PATH="$SUBMISSION_AOT_JDK/bin:$PATH"
fi

service_java_options() {
  # -XX:MaxRAM: a bare JVM sizes its heap (MaxRAMPercentage) as in a pod at its memory limit, the
  # Deployments' limits.memory (quarkus.kubernetes.resources.limits.memory in service-platform's
  # microprofile-config.properties); the same as PodMemory.java's, which JvmOptionsTest checks
  echo "${BENCH_JAVA_OPTS:-@jvm.options -XX:MaxRAM=320m ${SUBMISSION_AOT_JDK:+-XX:AOTCache=app.aot}}"
}

show_java_options() {
  local app=$1 options=$2
  [ -f "$app/jvm.options" ] || { echo "no $app/jvm.options: build first (./mvnw -B package -DskipTests)" >&2; exit 1; }
  echo "${options//@jvm.options/$(tr -s ' \n' '  ' < "$app/jvm.options" | sed 's/ *$//')}"
}

metric_sum() {
  { curl -s -m 5 "$1/q/metrics" || true; } \
    | awk -v m="$2" -v p="${3:-}" 'index($0, m) == 1 && (p == "" || index($0, p)) { s += $NF } END { if (NR) printf "%.0f", s }'
}

expect_200() {
  local what=$1 status
  shift
  status=$(curl -s -o /dev/null -w '%{http_code}' "$@") || true
  [ "$status" = 200 ] || { echo "$what answered ${status:-nothing} instead of 200: nothing is timed" >&2; exit 1; }
}

wrk_failures() {
  awk '/Non-2xx or 3xx responses:/ { n += $NF }
       /Socket errors:/ { gsub(",", ""); n += $4 + $6 + $8 + $10 }
       END { print n + 0 }' <<<"$1"
}

require_no_failures() {
  local what=$1 failed=$2 total=$3
  if [ "$failed" != 0 ]; then
    echo "$what: $failed of $total requests failed (not 2xx, or a socket error): no figure from it" >&2
    exit 1
  fi
}

wrk_statuses() {
  awk '/^STATUSES/ { $1 = ""; sub(/^ /, ""); print }' <<<"$1"
}

require_statuses() {
  local what=$1 allowed=$2 statuses=$3 entry answered=0
  for entry in $statuses; do
    case $entry in
      errors=0) ;;
      errors=*) echo "$what: socket errors ($statuses): no figure from it" >&2; exit 1 ;;
      *) [[ " $allowed " == *" ${entry%%=*} "* ]] || { echo "$what: answers other than $allowed ($statuses): no figure from it" >&2; exit 1; }
         answered=$((answered + ${entry#*=})) ;;
    esac
  done
  [ "$answered" -gt 0 ] || { echo "$what: no answer (${statuses:-no status counts}): no figure from it" >&2; exit 1; }
}

TICK_US=$((1000000 / $(getconf CLK_TCK)))
cpu_us() { echo $(( $(awk '{print $14+$15}' "/proc/$SERVICE_PID/stat") * TICK_US )); }
# the threads that serve requests (Vert.x event loops and workers): what a request costs without
# the compiler's and the collector's threads, whose share per request grows when a busy machine
# lets the service answer fewer requests in the same time
serving_cpu_us() {
  local total=0 task
  for task in /proc/"$SERVICE_PID"/task/*; do
    case "$(cat "$task/comm" 2>/dev/null)" in
      vert.x-*|executor-thread*) total=$((total + $(awk '{print $14+$15}' "$task/stat" 2>/dev/null || echo 0))) ;;
    esac
  done
  echo $((total * TICK_US))
}

pass_core_schema() {
  local dir
  if [ -n "${BENCH_PASS_CORE_SCHEMA:-}" ]; then echo "$BENCH_PASS_CORE_SCHEMA"; return; fi
  for dir in "$1" "$1/.." "$1/../.." "$1/../../.."; do
    [ -f "$dir/shared/reference/pass-core/schema.sql" ] && { echo "$(cd "$dir" && pwd)/shared/reference/pass-core/schema.sql"; return; }
  done
  return 0
}
