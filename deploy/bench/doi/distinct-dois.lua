-- wrk -s distinct-dois.lua: GET $BENCH_PATH<DOI> with a DOI never asked before (the cache is cold
-- for each); $BENCH_RUN makes the DOIs of one run unique. With $BENCH_REPEAT=N each wrk thread
-- cycles over its N DOIs instead (cached once a first pass has asked them). Prints one line:
-- requests, failed (not 2xx, or a socket error: connect, read, write, timeout), p50 and p99 in ms;
-- and the answers by status (../statuses.lua), to say what a failed request got.
dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "../statuses.lua")
local count_setup, count_done = setup, done
local prefix = os.getenv("BENCH_PATH")
local run = os.getenv("BENCH_RUN") or "r"
local repeat_over = tonumber(os.getenv("BENCH_REPEAT") or "0")
local next_id = 0

function setup(thread)
  count_setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
end

local n = 0
function request()
  n = n + 1
  if repeat_over > 0 then n = n % repeat_over end
  return wrk.format("GET", prefix .. "10.5555/" .. run .. "." .. id .. "." .. n)
end

function done(summary, latency, requests)
  count_done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format("RESULT %d %d %.2f %.2f\n", summary.requests,
    errors.status + errors.connect + errors.read + errors.write + errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
