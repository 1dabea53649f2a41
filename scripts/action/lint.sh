#!/usr/bin/env bash
# The lint step of the GitHub Action (action.yml). Reads its inputs as the step passes them:
#   INPUT_PATHS       paths, directories or globs, one per line (default: .)
#   INPUT_FORMAT      the CLI format shown in the log (default: github, i.e. annotations)
#   INPUT_FAIL_ON     error | warning | none (default: warning)
#   INPUT_SARIF_FILE  where the SARIF log goes, relative to the workspace (default: mcpdesc-lint.sarif)
# and GITHUB_WORKSPACE (the directory checked, and SARIF's %SRCROOT%), GITHUB_OUTPUT (sarif-file,
# errors, warnings), GITHUB_STEP_SUMMARY (one line), MCPDESC_LINT_CLI (default: dist/cli.js of this
# checkout). Exit status: 0, 1 when the problems found fail the step, 2 for bad inputs or files that
# could not be checked.
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
fail_on=${INPUT_FAIL_ON:-warning}
sarif=${INPUT_SARIF_FILE:-mcpdesc-lint.sarif}

case "$fail_on" in
  error | warning | none) ;;
  *) echo "::error title=mcpdesc-lint::fail-on must be error, warning or none, not '$(command_data "$fail_on")'"; exit 2 ;;
esac
# Written to GITHUB_OUTPUT as name=value: a line break would end the value and write other outputs.
case "$sarif" in
  *$'\n'* | *$'\r'*) echo "::error title=mcpdesc-lint::sarif-file must be one line, not '$(command_data "$sarif")'"; exit 2 ;;
esac
if [ ! -f "$cli" ]; then
  echo "::error title=mcpdesc-lint::the CLI is not built ($(command_data "$cli")); the action's build step should have built it"
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
mkdir -p "$(dirname "$sarif")"

# Two runs of the same check: one for the SARIF log, one for the log format. The first keeps quiet
# on stderr, as the second says the same; both exit 0 for problems (--exit-zero) and 2 for trouble.
trouble=0
node "$cli" --format sarif --exit-zero -- "${paths[@]}" > "$sarif" 2> /dev/null || trouble=$?
if [ "$format" = sarif ]; then
  cat "$sarif"
else
  node "$cli" --format "$format" --exit-zero -- "${paths[@]}" || trouble=$?
fi

# A log that cannot be read (the CLI crashed) counts as trouble, not as a clean run.
counts=$(node -e '
  const results = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).runs.flatMap((run) => run.results ?? []);
  const count = (level) => results.filter((result) => result.level === level).length;
  console.log(count("error"), count("warning"));
' "$sarif") || { counts="0 0"; trouble=2; }
read -r errors warnings <<< "$counts"

if [ -n "${GITHUB_OUTPUT:-}" ]; then
  { echo "sarif-file=$sarif"; echo "errors=$errors"; echo "warnings=$warnings"; } >> "$GITHUB_OUTPUT"
fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  echo "mcpdesc-lint: $errors error(s), $warnings warning(s); SARIF log: \`$sarif\`" >> "$GITHUB_STEP_SUMMARY"
fi

if [ "$trouble" -ne 0 ]; then exit 2; fi
case "$fail_on" in
  error) [ "$errors" -eq 0 ] || exit 1 ;;
  warning) [ $((errors + warnings)) -eq 0 ] || exit 1 ;;
esac
exit 0
