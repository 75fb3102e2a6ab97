-- wrk script: every request asks about a random submission of the generated data set
-- (ids 100001-110000, see GenerateSeed.java) on the path given in the URL.
-- Optional argument (after "--"): think time in ms between a connection's requests, to offer a
-- steady rate instead of as many requests as the machine can answer.
local first, count = 100001, 10000
local think = 0

init = function(args)
  math.randomseed(os.time() + (tonumber(tostring({}):match("0x(%x+)"), 16) or 0) % 100000)
  think = tonumber(args[1] or "0") or 0
end

delay = function()
  return think
end

request = function()
  return wrk.format("GET", wrk.path .. "?submission=" .. (first + math.random(0, count - 1)))
end
