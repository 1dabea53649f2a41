// Suppression comments in the checker, on the text: where they are found (comments only, as the
// document's parser sees them), what they hide, what is reported unused, and the "Suppress … on
// this line" fix applied and re-checked.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ELICITATION_RULE_ID, SYNTAX_RULE_ID } from '../../shared/src/constants';
import { UNUSED_SUPPRESSION_RULE_ID } from '../../shared/src/rules';
import { applyEdits, checkDocument, type CheckOptions, type DocumentFormat } from '../../server/src/checker';
import {
  jsonDocument,
  UNEXPECTED_CONTENT_STEP,
  UNKNOWN_DECLARATION_STEP,
  YAML_UNKNOWN_DECLARATION_STEP,
  yamlDocument,
} from './monorepoFixture';
import { elicitationOnly } from '../support/ruleScope';

const E = ELICITATION_RULE_ID;
const REPORT_UNUSED: CheckOptions['rules'] = { [UNUSED_SUPPRESSION_RULE_ID]: 'warning' };

function seen(text: string, format: DocumentFormat = 'json', rules = REPORT_UNUSED): string[] {
  return checkDocument(text, elicitationOnly({ format, rules })).diagnostics.map(
    (diagnostic) => `${diagnostic.range.start.line} ${diagnostic.data.violation}`,
  );
}

describe('suppression comments', () => {
  it('without a suppression, the two findings are reported', () => {
    assert.deepEqual(seen(jsonDocument([`${UNKNOWN_DECLARATION_STEP},`, UNEXPECTED_CONTENT_STEP])), [
      '12 unknown-declaration',
      '13 unexpected-content',
    ]);
  });

  it('several ids, comma-separated, with a reason; a block comment covers the line after its end', () => {
    const text = jsonDocument([
      `/* mcpdesc-disable-next-line ${E}/unknown-declaration,`,
      `   ${E}/unexpected-content -- both known */ ${UNKNOWN_DECLARATION_STEP},`,
      UNEXPECTED_CONTENT_STEP,
    ]);
    // The block comment ends on line 13: it covers line 14 (unexpected-content); line 13's finding stays.
    assert.deepEqual(seen(text), ['12 unused-suppression', '13 unknown-declaration']);
  });

  it('no id hides every rule on the next line; a file-level directive anywhere hides its rules everywhere', () => {
    assert.deepEqual(
      seen(jsonDocument(['// mcpdesc-disable-next-line', `${UNKNOWN_DECLARATION_STEP},`, UNEXPECTED_CONTENT_STEP])),
      ['14 unexpected-content'],
    );
    assert.deepEqual(
      seen(jsonDocument([`${UNKNOWN_DECLARATION_STEP}, // mcpdesc-disable-file ${E}`, UNEXPECTED_CONTENT_STEP])),
      [],
    );
  });

  it('a directive inside a string or a YAML block scalar is text, not a suppression', () => {
    const inString = jsonDocument([`${UNKNOWN_DECLARATION_STEP.replace('"Sure?"', `"// mcpdesc-disable-file ${E}"`)}`]);
    assert.deepEqual(seen(inString), ['12 unknown-declaration']);
    const inBlockScalar = yamlDocument(YAML_UNKNOWN_DECLARATION_STEP, ['description: |', `  # mcpdesc-disable-file ${E}`]);
    assert.deepEqual(seen(inBlockScalar, 'yaml'), ['18 unknown-declaration']);
    const asComment = yamlDocument(YAML_UNKNOWN_DECLARATION_STEP, [`# mcpdesc-disable-file ${E}`]);
    assert.deepEqual(seen(asComment, 'yaml'), []);
  });

  it('an unused suppression is reported at what it names, only when the rule is on', () => {
    const text = jsonDocument([`// mcpdesc-disable-next-line ${SYNTAX_RULE_ID}, mcpdesc.no-such-rule`, UNKNOWN_DECLARATION_STEP]);
    const diagnostics = checkDocument(text, elicitationOnly({ rules: REPORT_UNUSED })).diagnostics;
    assert.deepEqual(
      diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.message]),
      [
        [UNUSED_SUPPRESSION_RULE_ID, 2, `Unused suppression: no ${SYNTAX_RULE_ID} problem is reported on line 14.`],
        [
          UNUSED_SUPPRESSION_RULE_ID,
          2,
          "Unused suppression: 'mcpdesc.no-such-rule' is not a rule of this linter, so nothing is suppressed on line 14.",
        ],
        [E, 1, diagnostics[2].message],
      ],
    );
    const line = text.split('\n')[12];
    assert.equal(diagnostics[1].range.start.character, line.indexOf('mcpdesc.no-such-rule'));
    assert.deepEqual(seen(text, 'json', {}), ['13 unknown-declaration'], 'off by default');
    // A suppression of a rule turned off suppresses nothing.
    assert.deepEqual(
      seen(jsonDocument([`// mcpdesc-disable-next-line ${E}`, UNKNOWN_DECLARATION_STEP]), 'json', {
        ...REPORT_UNUSED,
        [E]: 'off',
      }),
      ['12 unused-suppression'],
    );
  });

  const fixCases: Array<{ name: string; format: DocumentFormat; text: string; line: string }> = [
    {
      name: 'JSONC',
      format: 'json',
      text: jsonDocument([`${UNKNOWN_DECLARATION_STEP},`, UNEXPECTED_CONTENT_STEP]),
      line: `            // mcpdesc-disable-next-line ${E}/unknown-declaration`,
    },
    {
      name: 'YAML',
      format: 'yaml',
      text: yamlDocument(YAML_UNKNOWN_DECLARATION_STEP),
      line: `            # mcpdesc-disable-next-line ${E}/unknown-declaration`,
    },
    {
      name: 'JSONC with CRLF line breaks',
      format: 'json',
      text: jsonDocument([`${UNKNOWN_DECLARATION_STEP},`, UNEXPECTED_CONTENT_STEP]).replace(/\n/g, '\r\n'),
      line: `            // mcpdesc-disable-next-line ${E}/unknown-declaration`,
    },
  ];
  for (const fixCase of fixCases) {
    it(`the fix in ${fixCase.name} writes the directive above, indented as the line; re-checked, only that finding is gone`, () => {
      const options: CheckOptions = { format: fixCase.format, rules: REPORT_UNUSED, commentsAllowed: true };
      const before = checkDocument(fixCase.text, elicitationOnly(options));
      const target = before.diagnostics.find((diagnostic) => diagnostic.data.violation === 'unknown-declaration')!;
      const fix = before
        .fixesFor(target)
        .find((candidate) => candidate.title === `Suppress ${E}/unknown-declaration on this line`)!;
      assert.ok(fix);
      const fixed = applyEdits(fixCase.text, fix.edits);
      const lineBreak = fixCase.text.includes('\r\n') ? '\r\n' : '\n';
      assert.equal(fixed.split(lineBreak)[target.range.start.line], fixCase.line);
      const after = checkDocument(fixed, elicitationOnly(options)).diagnostics;
      assert.deepEqual(
        after.map((diagnostic) => [diagnostic.range.start.line, diagnostic.data.violation]),
        before.diagnostics
          .filter((diagnostic) => diagnostic !== target)
          .map((diagnostic) => [diagnostic.range.start.line + 1, diagnostic.data.violation]),
      );
    });
  }

  it('the fix adds to a directive already above the line', () => {
    const text = jsonDocument([
      `${UNKNOWN_DECLARATION_STEP},`,
      `// mcpdesc-disable-next-line ${SYNTAX_RULE_ID}`,
      UNEXPECTED_CONTENT_STEP,
    ]);
    const options: CheckOptions = { rules: REPORT_UNUSED, commentsAllowed: true };
    const before = checkDocument(text, elicitationOnly(options));
    const target = before.diagnostics.find((diagnostic) => diagnostic.data.violation === 'unexpected-content')!;
    const fix = before.fixesFor(target).find((candidate) => candidate.title.startsWith('Suppress'))!;
    const fixed = applyEdits(text, fix.edits);
    assert.equal(fixed.split('\n')[13], `            // mcpdesc-disable-next-line ${SYNTAX_RULE_ID}, ${E}/unexpected-content`);
    // The syntax suppression is still unused; the finding is gone.
    assert.deepEqual(seen(fixed), ['12 unknown-declaration', '13 unused-suppression']);
  });

  it('no fix without comments (plain JSON), and none for syntax errors', () => {
    const text = jsonDocument([UNKNOWN_DECLARATION_STEP]);
    const check = checkDocument(text, elicitationOnly({}));
    assert.deepEqual(
      check.fixesFor(check.diagnostics[0]).filter((fix) => fix.title.startsWith('Suppress')),
      [],
    );
    const broken = checkDocument('{ "mcpdesc": "0.8.0" "tools": [] }', elicitationOnly({ commentsAllowed: true }));
    assert.equal(broken.diagnostics[0].code, SYNTAX_RULE_ID);
    assert.deepEqual(broken.fixesFor(broken.diagnostics[0]), []);
  });
});
