-- wrk script: a pause of the given ms (after "--") between a connection's requests, as a client polling
init = function(args)
  pause = tonumber(args[1] or "20")
end

delay = function()
  return pause
end
