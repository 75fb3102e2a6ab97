-- wrk script: every request POSTs the file given as argument (after "--") as the JSON body,
-- with the XSRF header matching the cookie the command line sends; counts the answers by status (../statuses.lua).
dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "../statuses.lua")

init = function(args)
  local file = assert(io.open(args[1], "rb"))
  wrk.method = "POST"
  wrk.body = file:read("*a")
  file:close()
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["X-XSRF-TOKEN"] = "bench"
end
