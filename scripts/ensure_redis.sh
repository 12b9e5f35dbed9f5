#!/usr/bin/env bash
# Starts Debian's Redis on loopback for the multi-process server tests and prints its URL on stdout.
# Installs it with apt-get when missing (CI runs as root). Prints nothing if Redis cannot be made available: the
# tests that need it then skip and say so (CI fails instead, see .ci/run).
set -uo pipefail
PORT="${GUILDTABLE_REDIS_PORT:-6389}"
DIR="${TMPDIR:-/tmp}/guildtable-redis-$PORT"
log() { echo "ensure_redis: $*" >&2; }

if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then log "Redis is not installed and we are not root"; exit 0; fi
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends redis-server >/dev/null; } >&2 || {
    log "could not install Redis"; exit 0; }
fi
if ! redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG; then
  mkdir -p "$DIR"
  # Nothing is kept on disk: Redis only carries news and bot jobs between the test servers.
  redis-server --bind 127.0.0.1 --port "$PORT" --daemonize yes --save '' --appendonly no --dir "$DIR" \
    --pidfile "$DIR/redis.pid" --logfile "$DIR/redis.log" >&2 || { log "could not start Redis"; exit 0; }
  for _ in $(seq 1 50); do
    redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG && break
    sleep 0.1
  done
fi
redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG || { log "Redis did not answer"; exit 0; }
echo "redis://127.0.0.1:$PORT/0"
