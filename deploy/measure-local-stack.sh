#!/usr/bin/env bash
# Measures the local stack as a user runs it: the wall time of ./run.sh from the command to
# "ready" (cold: after removing every target/ folder, so the build is included; warm: everything
# built), and the memory of every process of the stack (launcher with the gateway, the three
# services, PostgreSQL) at rest and after the three example calls printed by the launcher.
#   deploy/measure-local-stack.sh [--cold] [--port N]
# RSS is `ps -o rss` summed (PostgreSQL's shared buffers count once per process that touched
# them); PSS from /proc/PID/smaps_rollup divides shared pages among their users.
set -euo pipefail
cd "$(dirname "$0")/.."

cold=false
port=28080
while [[ $# -gt 0 ]]; do
  case $1 in
    --cold) cold=true ;;
    --port) port=$2; shift ;;
    *) echo "usage: $0 [--cold] [--port N]" >&2; exit 2 ;;
  esac
  shift
done

if $cold; then
  rm -rf shared-model/target service-platform/target schema-service/target policy-service/target doi-service/target deploy/launcher/target
fi
out=$(mktemp)
start=$(date +%s.%N)
./run.sh --offline --port "$port" >"$out" 2>&1 &
launcher=$!
trap 'kill -TERM $launcher 2>/dev/null || true' EXIT
until grep -q "Press Ctrl-C" "$out"; do
  if ! kill -0 "$launcher" 2>/dev/null; then cat "$out"; exit 1; fi
  sleep 0.2
done
ready=$(date +%s.%N)
echo "ready after $(awk "BEGIN {printf \"%.1f\", $ready - $start}") s ($($cold && echo cold || echo warm)): $(grep -o 'started in [0-9.]* s' "$out")"

pg_port=$(grep -o 'postgresql://localhost:[0-9]*' "$out" | grep -o '[0-9]*$')
processes() {
  local postmaster
  postmaster=$(ss -ltnpH "sport = :$pg_port" | grep -o 'pid=[0-9]*' | head -n 1 | cut -d= -f2)
  { echo "$launcher"; pgrep -P "$launcher"; echo "$postmaster"; pgrep -P "$postmaster"; } | sort -u
}
memory() {
  local rss=0 pss=0 pid r p
  for pid in $(processes); do
    r=$(ps -o rss= -p "$pid" 2>/dev/null || echo 0)
    p=$(awk '/^Pss:/ {print $2}' "/proc/$pid/smaps_rollup" 2>/dev/null || echo 0)
    rss=$((rss + r)); pss=$((pss + p))
  done
  echo "$1: $(processes | wc -l) processes, RSS $((rss / 1024)) MiB, PSS $((pss / 1024)) MiB"
  ps -o pid=,rss=,comm= -p "$(processes | paste -sd,)" | awk '{printf "    %-8s %6d MiB  %s\n", $1, $2/1024, $3}'
}
sleep 10
memory "at rest"
grep -E '^\s+curl ' "$out" | while read -r call; do
  code=$(eval "$call -s -o /dev/null -w '%{http_code}'")
  echo "  $code  ${call:0:110}"
done
sleep 2
memory "after the three example calls"
kill -TERM "$launcher"
wait "$launcher" || true
trap - EXIT
rm -f "$out"
