#!/usr/bin/env bash
# The lint step of the GitHub Action (action.yml). Reads its inputs as the step passes them:
#   INPUT_PATHS                  paths, directories or globs, one per line (default: .)
#   INPUT_FORMAT                 the CLI format shown in the log (default: github: annotations, and every
#                                problem in the job summary)
#   INPUT_FAIL_ON                error | warning | none (default: error, as the CLI)
#   INPUT_MAX_WARNINGS           fail when there are more warnings than this (default: no limit)
#   INPUT_SARIF_FILE             where the SARIF log goes, relative to the workspace (default:
#                                mcpdesc-lint.sarif; empty: none)
#   INPUT_CHANGED_SINCE          lint only what changed since this commit (default: the pull request's
#                                base; empty: everything)
#   INPUT_SUPPRESSIONS_LOCATION  the suppressions file (default: the CLI's, mcpdesc-lint-suppressions.json)
# and GITHUB_WORKSPACE (the directory checked, and SARIF's %SRCROOT%), GITHUB_OUTPUT (sarif-file,
# errors, warnings), GITHUB_STEP_SUMMARY (the CLI's job summary), RUNNER_TEMP (the cache between the
# two runs), MCPDESC_LINT_ACTION_REPOSITORY and MCPDESC_LINT_ACTION_REF (where the rule pages the
# summary links to are), MCPDESC_LINT_CLI (default: dist/cli.js of this checkout). Exit status: the
# CLI's (0, 1 when the problems found fail the step, 2 for bad inputs or files that could not be
# checked).
#
# The CLI is prebuilt in a release of the action (dist/cli.js and its worker, self-contained: no
# node_modules), so nothing is installed: the step costs Node's start and the lint.
set -euo pipefail

# Text from the inputs or the environment inside a workflow command's message: GitHub's escaping of
# command data (% CR LF), so that no value can end the line and start a command of its own.
command_data() {
  local text=${1//%/%25}
  text=${text//$'\r'/%0D}
  printf '%s' "${text//$'\n'/%0A}"
}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cli=${MCPDESC_LINT_CLI:-$here/../../dist/cli.js}
workspace=${GITHUB_WORKSPACE:-$PWD}
format=${INPUT_FORMAT:-github}
fail_on=${INPUT_FAIL_ON:-error}
max_warnings=${INPUT_MAX_WARNINGS:-}
sarif=${INPUT_SARIF_FILE-mcpdesc-lint.sarif}
changed_since=${INPUT_CHANGED_SINCE:-}
suppressions=${INPUT_SUPPRESSIONS_LOCATION:-}

case "$fail_on" in
  error | warning | none) ;;
  *) echo "::error title=mcpdesc-lint::fail-on must be error, warning or none, not '$(command_data "$fail_on")'"; exit 2 ;;
esac
if [ -n "$max_warnings" ] && ! [[ "$max_warnings" =~ ^(-1|[0-9]+)$ ]]; then
  echo "::error title=mcpdesc-lint::max-warnings must be a whole number (or -1), not '$(command_data "$max_warnings")'"
  exit 2
fi
# Written to GITHUB_OUTPUT as name=value: a line break would end the value and write other outputs.
case "$sarif" in
  *$'\n'* | *$'\r'*) echo "::error title=mcpdesc-lint::sarif-file must be one line, not '$(command_data "$sarif")'"; exit 2 ;;
esac
if [ ! -f "$cli" ]; then
  echo "::error title=mcpdesc-lint::the CLI is not built ($(command_data "$cli")); the action's set-up step should have built it"
  exit 2
fi

paths=()
while IFS= read -r line || [ -n "$line" ]; do
  line=${line#"${line%%[![:space:]]*}"}
  line=${line%"${line##*[![:space:]]}"}
  if [ -n "$line" ]; then paths+=("$line"); fi
done <<< "${INPUT_PATHS:-.}"
if [ ${#paths[@]} -eq 0 ]; then paths=(.); fi

cd "$workspace"

options=()
case "$fail_on" in
  warning) options+=(--max-warnings "${max_warnings:-0}") ;;
  error) if [ -n "$max_warnings" ]; then options+=(--max-warnings "$max_warnings"); fi ;;
  none) options+=(--exit-zero) ;;
esac
if [ -n "$suppressions" ]; then options+=(--suppressions-location "$suppressions"); fi

# The pull request's base must be in the clone to compare with it: a shallow checkout has only the
# merge commit, so the base commit alone is fetched. Where it cannot be had, everything is linted.
if [ -n "$changed_since" ]; then
  if ! git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    echo "::notice title=mcpdesc-lint::changed-since: $(command_data "$workspace") is not a git checkout; every file is linted"
    changed_since=
  elif ! git cat-file -e "$changed_since^{commit}" 2> /dev/null \
    && ! git fetch --no-tags --quiet --depth=1 origin "$changed_since" 2> /dev/null; then
    echo "::notice title=mcpdesc-lint::changed-since: $(command_data "$changed_since") cannot be fetched; every file is linted"
    changed_since=
  fi
fi
if [ -n "$changed_since" ]; then options+=(--changed-since "$changed_since"); fi

# The rule pages the job summary links to: this action's own, at the ref the workflow uses.
if [ -z "${MCPDESC_LINT_RULE_DOCS_URL:-}" ] && [ -n "${MCPDESC_LINT_ACTION_REPOSITORY:-}" ] && [ -n "${MCPDESC_LINT_ACTION_REF:-}" ]; then
  export MCPDESC_LINT_RULE_DOCS_URL="${GITHUB_SERVER_URL:-https://github.com}/$MCPDESC_LINT_ACTION_REPOSITORY/blob/$MCPDESC_LINT_ACTION_REF/docs/rules/"
fi

# Two runs of one lint: the log's format, then the SARIF log from the cache the first one filled
# (no file is checked twice). The second keeps quiet on stderr, as the first said it all.
scratch=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/mcpdesc-lint.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cache=(--cache --cache-location "$scratch/cache")
sarif_out=${sarif:-$scratch/report.sarif}

# ${options[@]+...}: an empty array is "unbound" under set -u in bash 3.2 (macOS runners' /bin/bash).
status=0
node "$cli" --format "$format" "${cache[@]}" ${options[@]+"${options[@]}"} -- "${paths[@]}" || status=$?
trouble=0
node "$cli" --format sarif --output-file "$sarif_out" "${cache[@]}" ${options[@]+"${options[@]}"} --exit-zero -- "${paths[@]}" 2> /dev/null || trouble=$?

# A log that cannot be read (the CLI crashed) counts as trouble, not as a clean run.
counts=$(node -e '
  const results = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).runs.flatMap((run) => run.results ?? []);
  const count = (level) => results.filter((result) => result.level === level).length;
  console.log(count("error"), count("warning"));
' "$sarif_out") || { counts="0 0"; trouble=2; }
read -r errors warnings <<< "$counts"

if [ -n "${GITHUB_OUTPUT:-}" ]; then
  { echo "sarif-file=$sarif"; echo "errors=$errors"; echo "warnings=$warnings"; } >> "$GITHUB_OUTPUT"
fi
# The github format writes its own summary (every problem); another format gets the counts.
if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ "$format" != github ]; then
  echo "mcpdesc-lint: $errors error(s), $warnings warning(s)${sarif:+; SARIF log: \`$sarif\`}" >> "$GITHUB_STEP_SUMMARY"
fi

if [ "$status" -ne 0 ]; then exit "$status"; fi
if [ "$trouble" -ne 0 ]; then exit 2; fi
exit 0
