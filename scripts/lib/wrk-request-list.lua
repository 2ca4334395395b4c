-- wrk script: sends, in turn, the GETs listed in the file named by WRK_REQUEST_LIST, one per line as
-- PATH|AUTHORIZATION|X-AMZ-DATE|X-AMZ-CONTENT-SHA256 (each signed beforehand), so the server checks a signature
-- on every request while wrk computes nothing.
local requests = {}
local host = wrk.headers["Host"] or (wrk.host .. ":" .. wrk.port)

for line in io.lines(os.getenv("WRK_REQUEST_LIST")) do
  local path, authorization, date, content_sha256 = line:match("^([^|]+)|([^|]+)|([^|]+)|([^|]+)$")
  requests[#requests + 1] = wrk.format("GET", path, {
    ["Host"] = host,
    ["Authorization"] = authorization,
    ["X-Amz-Date"] = date,
    ["x-amz-content-sha256"] = content_sha256,
  })
end
assert(#requests > 0, "no requests in " .. os.getenv("WRK_REQUEST_LIST"))

local next = 0
request = function()
  next = next % #requests + 1
  return requests[next]
end
