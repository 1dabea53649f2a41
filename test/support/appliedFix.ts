// A quick-fix of the whole-document rules applied and the text re-checked with both rules on
// (explicit settings, whatever the default): the findings it names are gone and nothing else
// changed, so a fix never adds a finding. Used by the tests of the fixes' messages and edits.
import assert from 'node:assert/strict';
import { applyEdits, checkDocument, type CheckOptions, type Diagnostic, type Fix } from '../../server/src/checker';
import { DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID } from '../../shared/src/rules';

export type Format = 'json' | 'yaml';
export const RULES: CheckOptions['rules'] = { [DOCUMENT_SCHEMA_RULE_ID]: 'on', [DOCUMENT_SEMANTICS_RULE_ID]: 'on' };

export function options(format: Format): CheckOptions {
  return { format, rules: RULES, commentsAllowed: true };
}

/** Every diagnostic as (code, violation, pointer): what a fix may take away and must not add to. */
export function findings(text: string, format: Format): string[] {
  return checkDocument(text, options(format)).diagnostics.map(
    (diagnostic) => `${diagnostic.code} ${diagnostic.data.violation} ${diagnostic.data.pointer ?? ''}`,
  );
}

export function diagnosticAt(text: string, format: Format, pointer: string): { diagnostic: Diagnostic; fixes: Fix[] } {
  const result = checkDocument(text, options(format));
  const diagnostic = result.diagnostics.find((candidate) => candidate.data.pointer === pointer);
  assert.ok(diagnostic, `a finding at ${pointer}; got ${JSON.stringify(findings(text, format))}`);
  // The rule's own fixes: the suppression comments every finding offers are not its.
  return { diagnostic, fixes: result.fixesFor(diagnostic).filter((fix) => !fix.title.startsWith('Suppress ')) };
}

/** Applies the fix titled `title` of the finding at `pointer`, checks what it removed, and returns the text. */
export function applyFix(
  text: string,
  format: Format,
  pointer: string,
  title: string,
  preferred: boolean,
  removed: string[],
): string {
  const { fixes } = diagnosticAt(text, format, pointer);
  const fix = fixes.find((candidate) => candidate.title === title);
  assert.ok(fix, `the fix '${title}'; offered: ${JSON.stringify(fixes.map((candidate) => candidate.title))}`);
  assert.equal(fix.isPreferred, preferred);
  const fixed = applyEdits(text, fix.edits);
  const before = findings(text, format);
  for (const gone of removed) assert.ok(before.includes(gone), `${gone} before the fix`);
  assert.deepEqual(
    findings(fixed, format),
    before.filter((finding) => !removed.includes(finding)),
  );
  return fixed;
}
