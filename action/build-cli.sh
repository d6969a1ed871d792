#!/usr/bin/env bash
# Builds the command line from this repository (the checkout of the action itself): installs the
# build tools when they are missing, bundles cli/ with the repository's own packaging script and
# unpacks the bundle into the runner's temporary folder. Output: cli=<path of the bundle>.
set -euo pipefail
root="$(cd "$GITHUB_ACTION_PATH/.." && pwd)"
out="${RUNNER_TEMP:-/tmp}/website-reports-cli"
rm -rf "$out" && mkdir -p "$out"
cd "$root"
if [ ! -d node_modules/esbuild ]; then
  # The build tools only; no install script of any package runs.
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
fi
tarball="$(node scripts/packageCli.js --out-dir "$out")"
tar -xzf "$tarball" -C "$out"
cli="$out/package/dist/website-reports.js"
node "$cli" --version >/dev/null
echo "cli=$cli" >>"$GITHUB_OUTPUT"
