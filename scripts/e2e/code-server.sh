# Starting and stopping code-server for the e2e steps (sourced by run.sh and web-extension.sh).
# Expects: CODE_SERVER, ISOLATED (the env command of an isolated HOME), WORK (with user-data/ and
# extensions/), and a fail function. Sets PORT and CS_PID.

CS_PID=

# start_code_server LOG: starts code-server on a free loopback port, in a process group of its own,
# and waits for its health endpoint (up to 2 minutes; curl's own --retry gives up on an early empty reply).
start_code_server() {
  local log=$1
  PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  "${ISOLATED[@]}" setsid "$CODE_SERVER" --bind-addr "127.0.0.1:$PORT" --auth none --disable-telemetry \
    --disable-update-check --disable-workspace-trust --disable-getting-started-override \
    --user-data-dir "$WORK/user-data" --extensions-dir "$WORK/extensions" \
    > "$log" 2>&1 &
  CS_PID=$!
  local up=0
  for _ in $(seq 1 240); do
    if curl -fs -o /dev/null --max-time 5 "http://127.0.0.1:$PORT/healthz"; then up=1; break; fi
    kill -0 "$CS_PID" 2>/dev/null || break
    sleep 0.5
  done
  [ "$up" = 1 ] || { cat "$log" >&2; fail "code-server did not come up (its log is above)"; }
}

# stop_code_server: ends code-server's whole process group, then makes sure.
stop_code_server() {
  if [ -n "$CS_PID" ]; then
    kill -TERM -- "-$CS_PID" 2>/dev/null || true
    for _ in $(seq 1 20); do kill -0 -- "-$CS_PID" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$CS_PID" 2>/dev/null || true
  fi
}
