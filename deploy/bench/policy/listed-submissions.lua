-- wrk script: every request asks about a submission taken at random from a file of ids, one a line
-- (GenerateSeed.java --reaching N M writes one), on the path given in the URL.
-- Arguments (after "--"): think time in ms between a connection's requests, then the file of ids.
local ids = {}
local think = 0

init = function(args)
  math.randomseed(os.time() + (tonumber(tostring({}):match("0x(%x+)"), 16) or 0) % 100000)
  think = tonumber(args[1] or "0") or 0
  for line in io.lines(args[2]) do
    if line:match("^%d+$") then
      ids[#ids + 1] = line
    end
  end
  assert(#ids > 0, "no submission id in " .. tostring(args[2]))
end

delay = function()
  return think
end

request = function()
  return wrk.format("GET", wrk.path .. "?submission=" .. ids[math.random(1, #ids)])
end
