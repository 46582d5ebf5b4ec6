#!/usr/bin/env bash
# `npm start`: the first command on a fresh clone. Installs, builds when the sources changed, serves.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

# npm writes node_modules/.package-lock.json last, so its absence also catches an interrupted install.
if [ ! -f node_modules/.package-lock.json ]; then
  echo "Installing dependencies (npm ci; compiling better-sqlite3 can take about 3 minutes)..."
  npm ci
fi
bash bin/build-if-stale.sh

port="${PORT:-3000}"
# Loopback by default: the studio has no login, and its API writes drafts. HOST=0.0.0.0 to share it.
host="${HOST:-127.0.0.1}"
echo "Sandtable: open http://$host:$port"
exec node_modules/.bin/next start -p "$port" -H "$host"
