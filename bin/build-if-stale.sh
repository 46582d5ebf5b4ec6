#!/usr/bin/env bash
# Runs `next build` unless .next/BUILD_ID is newer than every source the build reads.
# (Rulesets are read at run time, so editing them needs no rebuild.)
set -euo pipefail
cd "$(dirname "$0")/.."

sources=()
for candidate in app server editor engine schemas public next.config.ts tsconfig.json package.json package-lock.json; do
  if [ -e "$candidate" ]; then sources+=("$candidate"); fi
done

if [ -f .next/BUILD_ID ] && [ -z "$(find "${sources[@]}" -newer .next/BUILD_ID -print -quit)" ]; then
  echo "Production build in .next/ is up to date."
  exit 0
fi
echo "Building the app (next build)..."
NEXT_TELEMETRY_DISABLED=1 node_modules/.bin/next build
