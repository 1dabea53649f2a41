// The --help page. It is also where the CLI's decisions on edge cases are written down for users.
import { ELICITATION_RULE_ID, RULE_IDS } from '../../../shared/src/constants';
import {
  DOCUMENT_SCHEMA_RULE_ID,
  DOCUMENT_SEMANTICS_RULE_ID,
  ELICITATION_PRESET,
  OFFICIAL_PRESET,
  UNUSED_SUPPRESSION_RULE_ID,
} from '../../../shared/src/rules';
import { DEFAULT_SETTINGS } from '../../../shared/src/settings';

export function helpText(version: string): string {
  return `mcpdesc-lint ${version}: checks MCP description documents (mcpdesc)

Usage: mcpdesc-lint [options] [paths...]

Paths (default: the current directory):
  file          checked whatever its name or content (as ESLint does with files you name):
                .yaml/.yml files as YAML, anything else as JSON/JSONC
  directory     searched recursively for mcpdesc documents: *.mcpdesc.json, *.mcpdesc.jsonc,
                *.mcpdesc.yaml, *.mcpdesc.yml, files matching --include, and any other
                .json/.jsonc/.yaml/.yml file whose root object has an "mcpdesc" member;
                node_modules and .git are skipped; symlinks are followed only while they
                stay inside the directory
  glob          quote it so the shell leaves it alone, e.g. 'specs/**/*.json'; matching files
                are recognized as in a directory (a glob matching no file at all is an error)

Options:
  -f, --format <name>        stylish (default), json, sarif (SARIF 2.1.0, URIs relative to the
                             current directory, at most 25,000 results and 10 MB gzipped, as code
                             scanning takes them: errors first), github (GitHub Actions
                             annotations, 10 of each kind, the others as log lines, and every
                             problem in the job summary when GITHUB_STEP_SUMMARY is set), gitlab
                             (GitLab code quality: Code Climate JSON), junit (JUnit XML) or
                             rdjson (reviewdog)
  -o, --output-file <file>   write the report to the file instead of stdout
      --fix                  apply every preferred quick-fix in place, then report what remains
      --rule <id>=<severity> set a rule's severity: error, warning, information, hint, on (each
                             problem at its kind's default) or off (repeatable); rules:
${RULE_IDS.map((id) => `                               ${id}`).join('\n')}
      --elicitation-only     check only the elicitations (${DOCUMENT_SCHEMA_RULE_ID} and
                             ${DOCUMENT_SEMANTICS_RULE_ID} off); the preset
                             "extends": "${ELICITATION_PRESET}" of a configuration file does the same
      --official             every rule at its default, each code at the official validator's
                             error or warning: what applies anyway unless a configuration file
                             narrows it ("extends": "${OFFICIAL_PRESET}" does the same)
      --include <glob>       also treat files matching the glob as mcpdesc documents (repeatable)
      --exclude <glob>       never check files matching the glob, even when named (repeatable)
                             (globs match paths relative to the current directory)
  -q, --quiet                report errors only (warnings, information and hints are hidden)
      --max-warnings <n>     exit 1 when more than n warnings are found, --quiet or not
                             (-1, the default: no limit)
      --exit-zero            exit 0 even when problems are found (usage errors and unreadable
                             files still exit 2)
      --max-file-size-mb <n> skip larger files with one information diagnostic (default ${DEFAULT_SETTINGS.maxFileSizeMB})
  -j, --jobs <n>             check up to n files at once, in worker threads (default: the number
                             of cores); the report is the same, in the same order, for any n
  -c, --config <file>        use this configuration file alone (its globs relative to the current
                             directory) instead of looking for mcpdesc-lint.config.* files
      --no-config            use no configuration file (only these options)
      --print-config <file>  print the configuration that applies to the file (JSON) and exit
      --report-unused-suppressions
                             report suppression comments that suppress nothing
                             (${UNUSED_SUPPRESSION_RULE_ID}, as a warning unless configured)
      --cache                lint only files whose content, configuration or linter changed
                             since the last --cache run; the others' results come from the cache
      --cache-location <p>   the cache file (default .mcpdesc-lint-cache), or a directory (an
                             existing one, or a path ending in /) to keep it in
      --cache-strategy <s>   content or metadata, as ESLint's: both mean the same here (a file is
                             hashed unless its full stamp, change time included, is unchanged)
      --changed-since <ref>  lint only the files changed since the git revision: committed since
                             the merge base with HEAD, staged, unstaged, added, renamed or
                             untracked; and the documents whose configuration file changed
      --stdin                lint the text on standard input (never fixed, no cache, no
                             suppressions); shown as ${'<text>'}, read as JSON/JSONC unless
      --stdin-filename <f>   names it: recognition, configuration and YAML or JSON go by that name

  -h, --help                 show this help
  -v, --version              show the version

Bulk suppressions (a baseline, as ESLint's):
      --suppress-all         count every error found in the files linted into the suppressions
                             file; those errors are no longer reported (run with --fix first)
      --suppress-rule <rule> the same for one rule, or RULE/violation (repeatable)
      --prune-suppressions   take the errors that no longer occur off the suppressions file
      --suppressions-location <file>
                             the suppressions file (default mcpdesc-lint-suppressions.json)
      --pass-on-unpruned-suppressions
                             suppressed errors that no longer occur do not fail the run
  The file counts, per file and per rule/violation, the errors to suppress: a file with at most
  that many of a kind reports none of them, one with more reports them all. Only errors are
  suppressed, never syntax errors or checker notices.

Configuration:
  Without --config or --no-config, each document takes the nearest mcpdesc-lint.config.json,
  .jsonc, .yaml or .yml file in its folder or above (up to the current directory), merged with
  the ones above it up to one that says "root": true. Options given here win over them.
  Suppression comments in JSONC and YAML documents:
    // mcpdesc-disable-next-line [RULE[/violation], ...] [-- reason]     (# in YAML)
    // mcpdesc-disable-file [RULE[/violation], ...] [-- reason]

Exit status:
  0  no errors reported, and no more warnings than --max-warnings allows
  1  errors reported, or more warnings than --max-warnings allows
  2  usage error, a file that could not be read or checked, a configuration or suppressions
     file that cannot be used, or suppressed errors that no longer occur (named on stderr)

Colors are used only when stdout is a terminal and NO_COLOR is not set.
Example: mcpdesc-lint --rule ${ELICITATION_RULE_ID}=warning --format sarif . > results.sarif
`;
}
