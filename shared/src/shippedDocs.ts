// Where the rule pages are on this machine: the docs/rules/ folder shipped next to the running
// bundle (the .vsix and the npm package carry it; a checkout has it at its root). Diagnostics link
// to it, so the link opens a page that exists, offline, in the version that produced the diagnostic.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RELATIVE_DOCS_BASE, RULES, ELICITATION_RULE_ID } from './rules';

let found: string | undefined;

/** The file: URI of the shipped docs/rules/ folder (with a trailing '/'), or the relative base when none is found. */
export function shippedDocsBaseUri(from: string = __dirname): string {
  if (found !== undefined) return found;
  for (let folder = from, depth = 0; depth < 6; folder = dirname(folder), depth++) {
    const candidate = join(folder, 'docs', 'rules');
    if (existsSync(join(candidate, RULES[ELICITATION_RULE_ID].docsFile))) {
      found = `${pathToFileURL(candidate).href}/`;
      return found;
    }
    if (dirname(folder) === folder) break;
  }
  return RELATIVE_DOCS_BASE;
}
