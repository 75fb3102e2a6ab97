#!/usr/bin/env bash
# What the catalogue costs a policy answer, in one process: one service, its rules file switched
# between no rules ("version: 1" alone, which the service treats as no rules file) and the
# catalogue-shaped file of GenerateCatalogue.java, phase after phase, so that both are measured with
# the same compiled code, heap and database, and the machine's drift falls on both (the order
# alternates: none, catalogue, catalogue, none, ...). A/B across two starts (ab.sh) cannot resolve
# 10 µs: the same package varies by more than that from one start to the next.
#
#   ./mvnw -B -o -pl policy-service,deploy/launcher -am package -DskipTests   # once
#   bash deploy/bench/policy/rules-in-process.sh [pairs, default 6] [seconds, default 20]
#
# The requests ask about the submissions whose grants reach exactly three funders, all of them the
# catalogue's (GenerateSeed.java --reaching 3 50: 30 of the data set's 10,000), so that every answer
# evaluates three funders' rules. Each phase: the file written, the answer's explain checked until
# the service has read it (within the reload period), a warm-up, then the measurement: CPU µs per
# request of the process and of its serving threads, and the kept-graph lookups (hits and misses) in
# the phase. At the end, each pair's difference and the median of them. BENCH_THINK_MS (default 6),
# BENCH_WARMUP_SECONDS (default 10), BENCH_JAVA_OPTS and SUBMISSION_DB_URL as in ab.sh.
# Needs wrk, curl and psql. Not part of `verify`.
set -euo pipefail

PAIRS="${1:-6}" DURATION="${2:-20}" WARMUP="${BENCH_WARMUP_SECONDS:-10}" THINK_MS="${BENCH_THINK_MS:-6}"
PORT="${BENCH_PORT:-18083}"
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
APP="$ROOT/policy-service/target/quarkus-app"
WORK="$(mktemp -d /tmp/policy-rules-in-process.XXXXXX)"
RULES="$WORK/policy-rules.yaml"
export SUBMISSION_BACKEND_USER=bench SUBMISSION_BACKEND_PASSWORD=bench-secret QUARKUS_HTTP_PORT="$PORT" \
  SERVICE_POLICY_INSTITUTION=example.edu \
  SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE="Example University Open Access Policy" \
  SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME="Example Scholarship" SUBMISSION_SEED_DEMO=false \
  POLICY_RULES_FILE="$RULES" POLICY_RULES_RELOAD_PERIOD=1s
AUTH="Authorization: Basic $(printf '%s:%s' "$SUBMISSION_BACKEND_USER" "$SUBMISSION_BACKEND_PASSWORD" | base64)"
BASE="http://127.0.0.1:$PORT"

for tool in wrk java curl psql; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y wrk postgresql-client)" >&2; exit 1; }
done
[ -f "$APP/quarkus-run.jar" ] || { echo "no $APP: build first (see the head of this file)" >&2; exit 1; }
source "$ROOT/deploy/bench/local-database.sh"
source "$ROOT/deploy/bench/common.sh"
JAVA_OPTS="$(service_java_options)"
SERVICE_PID=""
cleanup() {
  [ -z "$SERVICE_PID" ] || { kill "$SERVICE_PID" 2>/dev/null || true; wait "$SERVICE_PID" 2>/dev/null || true; }
  stop_local_database
  rm -rf "$WORK"
}
trap cleanup EXIT

lookups() { echo "$(metric_sum "$BASE" policy_answer_cache_requests_total 'result="hit"') $(metric_sum "$BASE" policy_answer_cache_requests_total 'result="miss"')"; }

load() {  # seconds think-ms: prints the requests answered
  local out
  out="$(wrk -t2 -c8 -d"$1"s --timeout 10s -H "$AUTH" -s "$HERE/listed-submissions.lua" "$BASE/policy/policies" -- "$2" "$WORK/ids")"
  require_no_failures "GET /policy/policies" "$(wrk_failures "$out")" "$(awk '/requests in/ {print $1}' <<<"$out")"
  awk '/requests in/ {print $1}' <<<"$out"
}

switch_to() {  # none|catalogue: write the file, then wait until the answers show it (a key in explain)
  local want
  if [ "$1" = none ]; then echo "version: 1" > "$RULES.new"; want=0; else cp "$WORK/catalogue.yaml" "$RULES.new"; want=1; fi
  mv "$RULES.new" "$RULES"
  for _ in $(seq 100); do
    local keyed
    keyed=$(curl -s -H "$AUTH" "$BASE/policy/policies?submission=$(head -1 "$WORK/ids")&explain=true" | grep -c '"key":' || true)
    [ "$keyed" = "$want" ] && return 0
    sleep 0.2
  done
  echo "the service did not take the $1 rules within 20 s" >&2
  exit 1
}

echo "== the data set, the catalogue-shaped rules and the submissions reaching three of its funders"
java "$HERE/GenerateSeed.java" > "$WORK/seed.json"
java "$HERE/GenerateSeed.java" --reaching 3 50 > "$WORK/ids"
java "$HERE/GenerateCatalogue.java" > "$WORK/catalogue.yaml"
echo "   $(wc -l < "$WORK/ids") submissions; $(grep -cE '^  - key:' "$WORK/catalogue.yaml") rules"
start_local_database "$WORK"
echo "version: 1" > "$RULES"
env SUBMISSION_SEED_FILE="$WORK/seed.json" bash -c 'cd "$1" && exec java $2 -jar quarkus-run.jar' _ "$APP" "$JAVA_OPTS" \
  > "$WORK/service.log" 2>&1 &
SERVICE_PID=$!
for _ in $(seq 1500); do
  curl -fs "$BASE/q/health/ready" >/dev/null 2>&1 && break
  kill -0 "$SERVICE_PID" 2>/dev/null || { cat "$WORK/service.log" >&2; exit 1; }
  sleep 0.2
done
expect_200 "GET /policy/policies" -H "$AUTH" "$BASE/policy/policies?submission=$(head -1 "$WORK/ids")"
echo "   JVM options: $(show_java_options "$APP" "$JAVA_OPTS")"
echo "== $PAIRS pairs: each phase ${WARMUP} s of warm-up, then ${DURATION} s of 8 clients pausing ${THINK_MS} ms (load average $(cut -d' ' -f1-3 /proc/loadavg))"
load 60 0 > /dev/null   # the compiler's first work, before any phase counts (a first pair measured after 20 s still showed it)
printf '%-5s %-10s %8s %10s %14s %8s %8s\n' pair rules req/s "CPU us/req" "serving us/req" hits misses
for pair in $(seq 1 "$PAIRS"); do
  order="none catalogue"; [ $((pair % 2)) = 1 ] || order="catalogue none"
  for rules in $order; do
    switch_to "$rules"
    load "$WARMUP" "$THINK_MS" > /dev/null
    read -r hits_before misses_before <<<"$(lookups)"
    before=$(cpu_us) serving_before=$(serving_cpu_us)
    requests=$(load "$DURATION" "$THINK_MS")
    per_request=$(( ($(cpu_us) - before) / requests )) serving=$(( ($(serving_cpu_us) - serving_before) / requests ))
    read -r hits misses <<<"$(lookups)"
    printf '%-5s %-10s %8s %10s %14s %8s %8s\n' "$pair" "$rules" $((requests / DURATION)) "$per_request" "$serving" \
      $((hits - hits_before)) $((misses - misses_before))
    echo "$pair $rules $per_request $serving" >> "$WORK/rows"
  done
done
echo "== each pair: catalogue minus none, CPU µs per request (process, serving threads)"
awk '{ cpu[$1, $2] = $3; serving[$1, $2] = $4; pairs[$1] = 1 }
     END { for (p in pairs) printf "%s %d %d\n", p, cpu[p, "catalogue"] - cpu[p, "none"], serving[p, "catalogue"] - serving[p, "none"] }' \
  "$WORK/rows" | sort -n > "$WORK/differences"
cat "$WORK/differences" | awk '{ printf "pair %s: %+d us (serving %+d us)\n", $1, $2, $3 }'
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "median: $(cut -d' ' -f2 "$WORK/differences" | median) us (serving $(cut -d' ' -f3 "$WORK/differences" | median) us)"
echo "(nproc=$(nproc), load average after: $(cut -d' ' -f1-3 /proc/loadavg))"
