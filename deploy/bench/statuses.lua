-- wrk script part, loaded by a bench's own script (dofile): counts the answers by status over all
-- threads and prints one line at the end, "STATUSES 200=1200 429=31 errors=0" (errors: wrk's socket
-- errors, connect, read, write and timeout), which common.sh's wrk_statuses and require_statuses read;
-- and, for each status other than 2xx, one line "ANSWER <status> <its body's first 300 characters>".
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

statuses = {}
samples = {}

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if (status < 200 or status > 299) and not samples[status] then
    samples[status] = string.sub(body or "", 1, 300):gsub("%s+", " ")
  end
end

function done(summary, latency, requests)
  local counts, codes = {}, {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      if not counts[status] then table.insert(codes, status) end
      counts[status] = (counts[status] or 0) + n
    end
  end
  table.sort(codes)
  local line = "STATUSES"
  for _, status in ipairs(codes) do line = line .. " " .. status .. "=" .. counts[status] end
  local e = summary.errors
  io.write(line .. " errors=" .. (e.connect + e.read + e.write + e.timeout) .. "\n")
  local shown = {}
  for _, thread in ipairs(threads) do
    for status, body in pairs(thread:get("samples")) do
      if not shown[status] then
        shown[status] = true
        io.write("ANSWER " .. status .. " " .. body .. "\n")
      end
    end
  end
end
