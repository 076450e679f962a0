-- Not a case: what an escaped game would run with the full standard
-- library (testing.main{this file}, a `file` line of a record, ...). It
-- creates the canary the runner watches (HOSTILE_CANARY) in every way it
-- can; if it ever runs, the case fails.
local canary = os.getenv("HOSTILE_CANARY") or "/tmp/talon-hostile-canary"
local f = io.open(canary, "w")
if f then f:write("escaped\n") f:close() end
os.execute("touch '" .. canary .. "'")
print("ESCAPED")
return {}
