#!/usr/bin/env bash
# Starts Debian's PostgreSQL on loopback for the server's storage tests and prints its SQLAlchemy URL on stdout.
# Installs it with apt-get when missing (CI runs as root). Prints nothing if PostgreSQL cannot be made available:
# the tests then run against SQLite only and say so.
set -uo pipefail
USER_NAME=guildtable
PASSWORD=guildtable-test
DB=guildtable_test
log() { echo "ensure_postgres: $*" >&2; }
# The postgres user cannot enter the caller's directory (e.g. /root/...): run everything from one it can.
cd /

if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then log "PostgreSQL is not installed and we are not root"; exit 0; fi
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql >/dev/null; } >&2 || {
    log "could not install PostgreSQL"; exit 0; }
fi
VERSION=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
if command -v pg_lsclusters >/dev/null 2>&1; then
  if ! pg_lsclusters -h | grep -q .; then pg_createcluster "$VERSION" main >&2 || true; fi
  CLUSTER=$(pg_lsclusters -h | head -n 1)
  CVERSION=$(echo "$CLUSTER" | awk '{print $1}')
  CNAME=$(echo "$CLUSTER" | awk '{print $2}')
  PORT=$(echo "$CLUSTER" | awk '{print $3}')
  if ! echo "$CLUSTER" | grep -q online; then
    pg_ctlcluster "$CVERSION" "$CNAME" start >&2 || { log "could not start PostgreSQL"; exit 0; }
  fi
else
  log "pg_lsclusters missing"; exit 0
fi
as_postgres() { if [ "$(id -u)" -eq 0 ]; then su postgres -c "$1"; else sudo -u postgres sh -c "$1"; fi; }
for _ in $(seq 1 30); do
  as_postgres "psql -p $PORT -qtAc 'select 1'" >/dev/null 2>&1 && break
  sleep 0.5
done
as_postgres "psql -p $PORT -qtAc \"select 1 from pg_roles where rolname='$USER_NAME'\"" | grep -q 1 ||
  as_postgres "psql -p $PORT -qc \"create role $USER_NAME login createdb password '$PASSWORD'\"" >&2
as_postgres "psql -p $PORT -qtAc \"select 1 from pg_database where datname='$DB'\"" | grep -q 1 ||
  as_postgres "createdb -p $PORT -O $USER_NAME $DB" >&2
echo "postgresql+psycopg://$USER_NAME:$PASSWORD@127.0.0.1:$PORT/$DB"
