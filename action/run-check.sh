#!/usr/bin/env bash
# Runs `website-reports check` once with the action's inputs: the text report in the log, JSON,
# SARIF and Markdown in files, the comment / issue and the job summary through the command line.
# Writes the counts, the exit code and the report paths to $GITHUB_OUTPUT; the gate step decides.
set -uo pipefail
fail() {
  echo "website-reports action: $1" >&2
  printf '## Website Reports\n\n> The check did not run: %s\n' "$1" >>"${GITHUB_STEP_SUMMARY:-/dev/null}"
  echo "exit-code=2" >>"$GITHUB_OUTPUT"
  exit 0
}
dir="${RUNNER_TEMP:-/tmp}/website-reports"
mkdir -p "$dir"
json="$dir/website-reports.json"
sarif="$dir/website-reports.sarif"
markdown="$dir/website-reports.md"
rm -f "$json" "$sarif" "$markdown"

# The key only from the input (a secret); an empty one is a missing secret, never a fall-back.
unset WEBREPORTS_API_KEY WEBREPORTS_BASE_URL
if [ -n "$INPUT_API_KEY" ]; then
  [ -n "$INPUT_BASE_URL" ] || fail 'set base-url in the workflow: the config'"'"'s baseUrl may come from the pull request, and the key must not go where it says.'
  export WEBREPORTS_API_KEY="$INPUT_API_KEY"
elif [ "$INPUT_MODE" = published ]; then
  fail 'the api-key input is empty (is the secret missing, or a pull request from a fork?).'
fi
[ -z "$INPUT_BASE_URL" ] || export WEBREPORTS_BASE_URL="$INPUT_BASE_URL"

args=(check)
set -f
# shellcheck disable=SC2206 # paths are split on spaces and new lines, never globbed
paths=($INPUT_PATHS)
set +f
args+=("${paths[@]}")
[ -z "$INPUT_CONFIG" ] || args+=(--config "$INPUT_CONFIG")
case "$INPUT_MODE" in
  published) ;;
  local)
    if [ -n "$INPUT_BUILD_DIR" ] && [ -n "$INPUT_PREVIEW_ORIGIN" ]; then fail 'mode local takes build-dir or preview-origin, not both.'; fi
    target="${INPUT_BUILD_DIR:-$INPUT_PREVIEW_ORIGIN}"
    [ -n "$target" ] || fail 'mode local needs build-dir or preview-origin.'
    args+=(--local "$target")
    ;;
  *) fail "mode must be \"published\" or \"local\", not \"$INPUT_MODE\"." ;;
esac
[ -z "$INPUT_RERUN_OLDER_THAN" ] || args+=(--rerun-older-than "$INPUT_RERUN_OLDER_THAN")
case "${INPUT_ALLOW_EMPTY:-false}" in
  true) args+=(--allow-empty) ;;
  false) ;;
  *) fail "allow-empty must be \"true\" or \"false\", not \"$INPUT_ALLOW_EMPTY\"." ;;
esac

if [ -n "$INPUT_BASELINE" ]; then
  baseline="$INPUT_BASELINE"
  # On a pull request the base branch's baseline: the pull request's own copy could hide what it breaks.
  if [ -n "${GITHUB_BASE_REF:-}" ]; then
    if git fetch --no-tags --depth=1 origin "$GITHUB_BASE_REF" 2>/dev/null && git show "FETCH_HEAD:$INPUT_BASELINE" >"$dir/base-baseline.json" 2>/dev/null; then
      baseline="$dir/base-baseline.json"
    else
      echo "website-reports action: $INPUT_BASELINE is not on $GITHUB_BASE_REF; the pull request's copy is used." >&2
    fi
  fi
  args+=(--baseline "$baseline")
fi

args+=(--write "json=$json" --write "sarif=$sarif" --write "markdown=$markdown")
is_pr=false
case "${GITHUB_EVENT_NAME:-}" in pull_request | pull_request_target) is_pr=true ;; esac
github=false
if [ "$INPUT_COMMENT" = true ] && [ "$is_pr" = true ]; then args+=(--github-comment) && github=true; fi
if [ "$INPUT_ISSUE" = true ]; then args+=(--github-issue) && github=true; fi

# The command as run (no key in it: the key is in the environment only).
printf 'website-reports'
printf ' %q' "${args[@]}"
printf '\n'
node "$WEBREPORTS_CLI" "${args[@]}"
code=$?

{
  echo "exit-code=$code"
  if [ -f "$json" ]; then
    node "$GITHUB_ACTION_PATH/outputs.js" "$json"
    echo "json=$json"
    echo "sarif=$sarif"
    echo "markdown=$markdown"
  fi
} >>"$GITHUB_OUTPUT"

# Without --github-comment / --github-issue the command line wrote no summary: the Markdown report is it.
if [ "$github" = false ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  if [ -f "$markdown" ]; then cat "$markdown" >>"$GITHUB_STEP_SUMMARY" && printf '\n_website-reports %s_\n' "$(node "$WEBREPORTS_CLI" --version)" >>"$GITHUB_STEP_SUMMARY"; fi
fi
if [ ! -f "$json" ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  printf '## Website Reports\n\n> The check did not complete (exit %s); the log says why.\n' "$code" >>"$GITHUB_STEP_SUMMARY"
fi
exit 0
