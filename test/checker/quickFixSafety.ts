// No quick-fix adds a syntax error (issue 32): every fix of every diagnostic of seeded mutants of the
// fixture corpus and of generated documents with whole-document findings (every rule on; some with
// a byte order mark), applied alone, leaves the text with no more syntax errors than it had. On
// broken text the fixes are planned on the parse's guess, and the editor keeps away from the break
// (syntax/syntaxGuardedEditor.ts). Run by both tiers at their own counts (quickFixSafety.test.ts,
// quickFixSafety.thorough.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEdits, checkDocument, type CheckOptions, type DocumentFormat } from '../../server/src/checker';
import { parseAndFind } from '../../server/src/checker/check';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';
import { MUTATIONS } from '../hostile/support/mutations';
import { fixtureCorpus } from '../support/fixtureCorpus';
import { SeededRandom } from '../support/random';
import { WHOLE_DOCUMENT_RULES, wholeDocumentFindingsDocument } from '../support/wholeDocumentFindings';

const EVERY_RULE: CheckOptions['rules'] = { ...WHOLE_DOCUMENT_RULES, [DECLARATION_RULE_ID]: 'on' };

function syntaxErrors(text: string, format: DocumentFormat): number {
  const parts = parseAndFind(text, format, true);
  return parts.failure !== undefined ? Infinity : parts.syntaxErrors.length;
}

export function quickFixesAddNoSyntaxError(mutants: number): void {
  test(`no quick-fix adds a syntax error, over every fix of ${mutants} seeded documents`, () => {
    const seedlings = [...fixtureCorpus(), ...Array.from({ length: 40 }, (_, seed) => wholeDocumentFindingsDocument(seed))];
    let fixes = 0;
    let broken = 0;
    const failures: string[] = [];
    for (let index = 0; index < mutants && failures.length < 5; index++) {
      const random = new SeededRandom(index * 31 + 7);
      const seedling = random.pick(seedlings);
      let text = seedling.text;
      const steps: string[] = [];
      if (index % 3 !== 0) {
        for (let count = 1 + random.below(2); count > 0; count--) {
          const mutation = random.pick(MUTATIONS);
          text = mutation.apply(text, random);
          steps.push(mutation.name);
        }
      }
      if (index % 5 === 0) text = `\ufeff${text}`;
      const options: CheckOptions = {
        format: seedling.format,
        rules: EVERY_RULE,
        commentsAllowed: seedling.extension !== 'json',
      };
      const before = syntaxErrors(text, seedling.format);
      if (before > 0) broken++;
      const result = checkDocument(text, options);
      for (const diagnostic of result.diagnostics) {
        for (const fix of result.fixesFor(diagnostic)) {
          fixes++;
          const after = syntaxErrors(applyEdits(text, fix.edits), seedling.format);
          if (after > before)
            failures.push(
              `document ${index} (${seedling.name}; ${steps.join(', ')}): '${fix.title}' took ${before} syntax errors to ${after}`,
            );
        }
      }
    }
    assert.deepEqual(failures, []);
    assert.ok(fixes > mutants * 5 && broken > mutants / 3, `${fixes} fixes on ${mutants} documents, ${broken} of them broken`);
  });
}
