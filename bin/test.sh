#!/usr/bin/env bash
# `npm test`: Vitest, production build, typecheck, then the e2e suite in Chromium.
# The last line is always "N passed, N failed", summed over Vitest and e2e tests; a step that
# fails or a runner that cannot run (typecheck, build, crash) adds one failure.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

passed=0
failed=0
step_failed() {
  echo "FAILED: $1" >&2
  failed=$((failed + 1))
}
finish() {
  echo "$passed passed, $failed failed"
  if [ "$failed" -eq 0 ]; then exit 0; else exit 1; fi
}

if [ ! -f node_modules/.package-lock.json ]; then
  npm ci || { step_failed "npm ci"; finish; }
fi

echo "== Vitest"
rm -f .vitest-results.json
node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile=.vitest-results.json
vitest_rc=$?
if [ -f .vitest-results.json ]; then
  # A test file that fails to load has no test results but is still a failure.
  read -r vitest_passed vitest_failed < <(node -e '
    const r = require("./.vitest-results.json");
    const unloadable = r.testResults.filter((f) => f.status === "failed" && f.assertionResults.length === 0).length;
    console.log(r.numPassedTests, r.numFailedTests + unloadable);')
  passed=$((passed + vitest_passed))
  failed=$((failed + vitest_failed))
  echo "Vitest: passed $vitest_passed, failed $vitest_failed"
  if [ "$vitest_rc" -ne 0 ] && [ "$vitest_failed" -eq 0 ]; then step_failed "vitest exited with code $vitest_rc"; fi
else
  step_failed "vitest could not run (exit code $vitest_rc, no .vitest-results.json)"
fi

echo "== Build"
built=true
bash bin/build-if-stale.sh || { step_failed "next build"; built=false; }

# After the build, which regenerates the route types in .next/types that tsconfig includes.
echo "== Typecheck"
node_modules/.bin/tsc --noEmit || step_failed "typecheck (tsc --noEmit)"

if [ "$built" = true ]; then
  echo "== End-to-end (node --test tests/e2e/)"
  tap_file=$(mktemp)
  node --test --test-reporter=tap tests/e2e/ | tee "$tap_file"
  e2e_rc=${PIPESTATUS[0]}
  e2e_passed=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$tap_file")
  # A test that timed out is reported as cancelled, not failed.
  e2e_failed=$(awk '/^# (fail|cancelled) [0-9]+$/ { n += $3 } END { print n + 0 }' "$tap_file")
  rm -f "$tap_file"
  if [ -n "$e2e_passed" ]; then
    passed=$((passed + e2e_passed))
    failed=$((failed + e2e_failed))
    if [ "$e2e_rc" -ne 0 ] && [ "$e2e_failed" -eq 0 ]; then step_failed "node --test exited with code $e2e_rc"; fi
  else
    step_failed "node --test could not run (exit code $e2e_rc, no TAP summary)"
  fi
else
  echo "== End-to-end skipped: there is no build to test"
fi

finish
