-- wrk script: a pause of the given ms (after "--") between a connection's requests, as a client polling;
-- counts the answers by status (../statuses.lua).
dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "../statuses.lua")

init = function(args)
  pause = tonumber(args[1] or "20")
end

delay = function()
  return pause
end
