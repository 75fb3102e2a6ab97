#!/usr/bin/env bash
# Validation under attack (not part of `verify`; schema-service/README.md, "Validation"): for BENCH_DURATION, two
# clients send the largest blob the service validates (19,990 unknown keys, against the demo
# repositories 10, 11 and 12: 60,000 failures each) without pause, so one validation runs and one
# waits at all times and the rest is refused with 429 (both clients are one caller, which alone may
# take every place, so that the heap sees the worst case). Meanwhile one client asks a cached
# GET /schemaservice every 20 ms. Prints the validations answered, the GET's p50/p99/max, each beside
# the answers' statuses, and the service's collections during the attack from its GC log (how many
# full ones, the longest pause). Fails, printing no figure, when a blob is answered other than 200 or
# 429, a GET other than 200, or a request meets a socket error.
#
#   deploy/bench/schema/under-attack.sh          # BENCH_DURATION=30s BENCH_PORT=18082
#   BENCH_JAVA_OPTS="..." deploy/bench/schema/under-attack.sh   # other JVM options, for an A/B run (../common.sh)
#
# The service runs with the images' JVM options (its quarkus-app/jvm.options, and its AOT cache where SUBMISSION_AOT_JDK names the JDK 25 that trained it: ../common.sh) plus
# a GC log, on the launcher's embedded PostgreSQL (../local-database.sh) unless SUBMISSION_DB_URL names one.
# Needs: a JDK 17+, wrk, curl; ./mvnw -B package -DskipTests first.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
PORT=${BENCH_PORT:-18082}
DURATION=${BENCH_DURATION:-30s}
APP="$ROOT/schema-service/target/quarkus-app"
BASE="http://127.0.0.1:$PORT"

source "$HERE/service.sh"
begin_demo_schema_bench "$APP" wrk curl java
start_schema_service "$APP" "$PORT" "$JAVA_OPTS -Xlog:gc:file=$WORK/gc.log"

AUTH="Authorization: Basic $(printf '%s:%s' "$USER_NAME" "$PASSWORD" | base64 | tr -d '\n')"
COOKIE="Cookie: XSRF-TOKEN=bench"
GET="/schemaservice?entityIds=10"
POST="/schemaservice/validate?entityIds=10,11,12"
awk 'BEGIN { printf "{\"title\": \"t\""; for (i = 0; i < 19990; i++) printf ",\"k%05d\":1", i; print "}" }' >"$WORK/blob.json"
expect_200 "GET $GET" -H "$AUTH" -H "$COOKIE" "$BASE$GET"
expect_200 "POST $POST" -H "$AUTH" -H "$COOKIE" -H "X-XSRF-TOKEN: bench" -H "Content-Type: application/json" \
  --data-binary @"$WORK/blob.json" "$BASE$POST"
wrk -t1 -c1 -d5s -H "$AUTH" -H "$COOKIE" "$BASE$GET" >/dev/null   # warms the GET's path
wrk -t1 -c2 -d5s -H "$AUTH" -H "$COOKIE" -s "$HERE/post-blob.lua" "$BASE$POST" -- "$WORK/blob.json" >/dev/null

before=$(grep -c 'Pause' "$WORK/gc.log" || true)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
# a validation may take seconds on a busy machine: not a socket error (wrk's default timeout is 2 s)
wrk -t1 -c2 -d"$DURATION" --timeout 60s -H "$AUTH" -H "$COOKIE" -s "$HERE/post-blob.lua" "$BASE$POST" -- "$WORK/blob.json" >"$WORK/attack.txt" &
ATTACK=$!
probe=$(wrk -t1 -c1 -d"$DURATION" --latency -H "$AUTH" -H "$COOKIE" -s "$HERE/paced.lua" "$BASE$GET" -- 20)
wait $ATTACK
kill -0 "$SCHEMA_SERVICE_PID" 2>/dev/null || { echo "the service stopped during the attack:" >&2; tail -30 "$WORK/service.log" >&2; exit 1; }
attack=$(cat "$WORK/attack.txt")
attack_statuses=$(wrk_statuses "$attack")
probe_statuses=$(wrk_statuses "$probe")
require_statuses "the attack's blobs" "200 429" "$attack_statuses"
require_statuses "the cached GET" "200" "$probe_statuses"
require_no_failures "the cached GET" "$(wrk_failures "$probe")" "$(awk '/requests in/ {print $1}' <<<"$probe")"

sent=$(awk '/requests in/ {print $1}' <<<"$attack")
printf '\nservice JVM options: %s\n%s cores, load average %s before, %s after\n\n' \
  "$(show_java_options "$APP" "$JAVA_OPTS")" "$(nproc)" "$load_before" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'attack for %s: %s blobs sent (statuses: %s)\n' "$DURATION" "$sent" "$attack_statuses"
printf 'cached GET %s every 20 ms: %s requests (statuses: %s), p50 %s, p99 %s, max %s\n' "$GET" \
  "$(awk '/requests in/ {print $1}' <<<"$probe")" "$probe_statuses" "$(awk '$1 == "50%" {print $2}' <<<"$probe")" \
  "$(awk '$1 == "99%" {print $2}' <<<"$probe")" "$(awk '$1 == "Latency" {print $4}' <<<"$probe")"
tail -n +"$((before + 1))" "$WORK/gc.log" | awk '/Pause/ { t = $NF; sub("ms", "", t); if ($0 ~ /Pause Full/) { f++; if (t > fm) fm = t } else { y++; if (t > ym) ym = t } }
  END { printf "collections during the attack: %d young (longest %.1f ms), %d full (longest %.1f ms)\n", y, ym, f, fm }'
