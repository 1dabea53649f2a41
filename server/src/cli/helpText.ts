// The --help page. It is also where the CLI's decisions on edge cases are written down for users.
import { ELICITATION_RULE_ID, RULE_IDS } from '../../../shared/src/constants';
import {
  DOCUMENT_SCHEMA_RULE_ID,
  DOCUMENT_SEMANTICS_RULE_ID,
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
                             current directory) or github (GitHub Actions annotations)
      --fix                  apply every preferred quick-fix in place, then report what remains
      --rule <id>=<severity> set a rule's severity: error, warning, information, hint, on (each
                             problem at its kind's default) or off (repeatable); rules:
${RULE_IDS.map((id) => `                               ${id}`).join('\n')}
      --official             also check the whole document as the format's official validator
                             does (${DOCUMENT_SCHEMA_RULE_ID}, ${DOCUMENT_SEMANTICS_RULE_ID} on,
                             each code at the official error or warning); the preset
                             "extends": "${OFFICIAL_PRESET}" of a configuration file does the same
      --include <glob>       also treat files matching the glob as mcpdesc documents (repeatable)
      --exclude <glob>       never check files matching the glob, even when named (repeatable)
                             (globs match paths relative to the current directory)
  -q, --quiet                report errors only (warnings, information and hints are hidden and
                             do not affect the exit code)
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
  -h, --help                 show this help
  -v, --version              show the version

Configuration:
  Without --config or --no-config, each document takes the nearest mcpdesc-lint.config.json,
  .jsonc, .yaml or .yml file in its folder or above (up to the current directory), merged with
  the ones above it up to one that says "root": true. Options given here win over them.
  Suppression comments in JSONC and YAML documents:
    // mcpdesc-disable-next-line [RULE[/violation], ...] [-- reason]     (# in YAML)
    // mcpdesc-disable-file [RULE[/violation], ...] [-- reason]

Exit status:
  0  no errors or warnings reported (information and hints do not fail)
  1  errors or warnings reported
  2  usage error, a file that could not be read or checked, or a configuration file that
     cannot be used (named on stderr)

Colors are used only when stdout is a terminal and NO_COLOR is not set.
Example: mcpdesc-lint --rule ${ELICITATION_RULE_ID}=warning --format sarif . > results.sarif
`;
}
