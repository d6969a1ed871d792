// The help text of `website-reports --help`.
export const USAGE = `Usage: website-reports check [paths...] [options]
       website-reports check --local <build-dir|preview-origin> [paths...] [options]
       website-reports merge <shard.json...> [options]
       website-reports scan <site-or-sitemap-url> [options]
       website-reports mcp [--allow-writes] [options]

check: checks every http(s) URL written in the given files and folders (default: the working
directory) against its latest report on the report service, and applies the rules of
website-reports.json.

  --config FILE              the config (default: website-reports.json here or in a parent)
  --base-url URL             the report service (else $WEBREPORTS_BASE_URL, else "baseUrl")
  --format FORMAT            text (default), json, junit, markdown, sarif or codequality
  --output FILE              write the report to FILE instead of stdout
  --write FORMAT=FILE        also write the report in FORMAT to FILE (repeatable)
  --dump                     list the URLs found with file:line:column; sends nothing
  --create-missing           create reports for URLs without one (3 at a time, never twice)
  --private                  reports it creates are private (default: public)
  --rerun-older-than AGE     re-run reports older than AGE (e.g. 7d, 36h)
  --baseline FILE            only regressions against FILE are errors
  --update-baseline          write the current state to the --baseline FILE
  --github-comment           keep one comment on the pull request up to date (in GitHub Actions)
  --github-issue             open one issue on an error, update it, close it when all is well
  --allow-empty              pass a run with nothing to check (no URL, no page); else exit 2

check --local: rates the pages before they are published, with the service's own checks run
here (no service, no key): every .html/.htm page of a build folder (only those its sitemap.xml
lists, when it has one), or the pages of a running preview (its /sitemap.xml, else the URLs the
given files name). Same rules, formats, baseline and exit codes as check.

  --local DIR|ORIGIN         the build folder, or the preview's http(s) origin
  --compare                  also each page's latest report on the service: what the change
                             would fix and newly fail (needs the service and the key)
  --shard I/N                only the I-th of N stable shares of the pages (by URL); join the
                             shards' --format json outputs with merge

merge: joins the JSON outputs of check --local --shard I/N (every shard once) into one report,
judged once on the whole: the rules and --baseline of the config, in any --format.

  --config FILE, --format FORMAT, --output FILE, --write FORMAT=FILE, --baseline FILE,
  --update-baseline, --allow-empty
                             as for check

scan: reads a site's sitemaps (robots.txt, then /sitemap.xml; or the sitemap URL given), shows
what it would create, and after one confirmation creates a report for each selected URL that
has none, paced under the service's rate limit. Ctrl+C pauses; --state resumes.

  --config FILE, --base-url URL   as for check
  --format FORMAT            text (default) or json
  --include PATTERN          only URLs matching PATTERN (repeatable; * stops at /, ** does not,
                             ? one character; a pattern starting with / matches the path)
  --exclude PATTERN          leave out URLs matching PATTERN (repeatable)
  --sample K                 the first K URLs of each path group (host + first path segment)
  --remap FROM=TO            rate FROM... URLs at TO... (a production sitemap on staging)
  --max N                    at most N URLs
  --dry-run                  show the preview and create nothing
  -y, --yes                  create without asking (needed when stdin is not a terminal)
  --state FILE               the job's state: resumed when FILE exists, else written there
  --private                  reports it creates are private (default: public)
  Password-protected reports cannot be created from the command line.

mcp: a Model Context Protocol server on stdin/stdout for AI agents: find reports, why a page is
rated so and what changed, check a page locally, explain a check (docs/CLI.md). The service and
key as for check; without them the local tools still work. Runs are kept in
$WEBREPORTS_HISTORY_DIR (default: the user's state folder) to say what changed.

  --config FILE, --base-url URL   as for check
  --allow-writes             also offer create_report and rerun_report

  -h, --help                 this help
  -v, --version              the version

The API key comes from the environment variable WEBREPORTS_API_KEY only.
Exit codes: 0 no error-level finding / every URL done; 1 at least one error-level finding / some
URLs failed; 2 usage, config, key or service failure, nothing to check (see --allow-empty), or a
scan not confirmed; 130 a scan paused by Ctrl+C.
`;
