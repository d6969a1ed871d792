#!/usr/bin/env bash
# Fails the job by the fail-on input: "error" (default) on error findings, "warn" on warnings too,
# "never" not for findings. A check that did not complete (exit 2: no report) always fails.
set -euo pipefail
code="${CHECK_EXIT_CODE:-2}"
if [ "$code" != 0 ] && [ "$code" != 1 ]; then
  echo "website-reports: the check did not complete (exit $code); see the step above." >&2
  exit 1
fi
errors="${CHECK_ERRORS:-0}"
warnings="${CHECK_WARNINGS:-0}"
case "${INPUT_FAIL_ON:-error}" in
  never) exit 0 ;;
  warn) total=$((errors + warnings)) ;;
  error) total=$errors ;;
  *)
    echo "website-reports: fail-on must be error, warn or never, not \"$INPUT_FAIL_ON\"." >&2
    exit 1
    ;;
esac
if [ "$total" -gt 0 ]; then
  echo "website-reports: $errors error(s), $warnings warning(s) (fail-on: ${INPUT_FAIL_ON:-error})." >&2
  exit 1
fi
