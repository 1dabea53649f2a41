// No quick-fix adds a syntax error (quickFixSafety.ts): 8 seeded documents here, 3,000 in
// quickFixSafety.thorough.test.ts; and the cases found by it, each on its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEdits, checkDocument, LineIndex, type Diagnostic } from '../../server/src/checker';
import { SuppressionFixes } from '../../server/src/checker/rules/suppressions';
import { WHOLE_DOCUMENT_RULES } from '../support/wholeDocumentFindings';
import { quickFixesAddNoSyntaxError } from './quickFixSafety';

quickFixesAddNoSyntaxError(8);

const syntaxErrorsOf = (text: string, format: 'json' | 'yaml') =>
  checkDocument(text, { format }).diagnostics.filter((diagnostic) => diagnostic.data.violation === 'syntax-error').length;

test('a suppression comment on the first line of a document that starts with a byte order mark goes after the mark', () => {
  for (const format of ['json', 'yaml'] as const) {
    const text = format === 'json' ? '\ufeff{ "mcpdesc": "0.8.0", "info": 3 }\n' : '\ufeffmcpdesc: 0.8.0\ninfo: 3\n';
    const result = checkDocument(text, { format, rules: WHOLE_DOCUMENT_RULES, commentsAllowed: true });
    const first = result.diagnostics.find((diagnostic) => diagnostic.range.start.line === 0);
    assert.ok(first, `${format}: a diagnostic on the first line`);
    const suppression = result.fixesFor(first).find((fix) => fix.title.startsWith('Suppress'));
    assert.ok(suppression, format);
    assert.deepEqual(suppression.edits[0].range.start, { line: 0, character: 1 });
    const fixed = applyEdits(text, suppression.edits);
    assert.ok(fixed.startsWith(`\ufeff${format === 'json' ? '//' : '#'} mcpdesc-disable-next-line`), fixed);
    assert.equal(syntaxErrorsOf(fixed, format), 0, format);
    assert.equal(
      checkDocument(fixed, { format, rules: WHOLE_DOCUMENT_RULES, commentsAllowed: true }).diagnostics.some(
        (diagnostic) =>
          diagnostic.code === first.code &&
          diagnostic.data.violation === first.data.violation &&
          diagnostic.range.start.line === 1,
      ),
      false,
      `${format}: suppressed`,
    );
  }
});

test('no suppression comment in YAML where a lone CR makes the line (the protocol sees one, YAML does not: the token goes on)', () => {
  const text = 'mcpdesc: 0.8.0\ninfo: {name: x,\r version: 3}\n';
  const lines = new LineIndex(text);
  const fixes = new SuppressionFixes(text, 'yaml', lines, []);
  const at = (line: number): Diagnostic => ({
    range: { start: { line, character: 1 }, end: { line, character: 2 } },
    severity: 1,
    code: 'mcpdesc.document.schema',
    source: 'mcpdesc',
    codeDescription: { href: 'https://example.com' },
    message: 'x',
    data: { violation: 'unknown-member', offset: lines.offsetAt({ line, character: 1 }), length: 1 },
  });
  assert.equal(lines.offsetAt({ line: 2, character: 0 }), text.indexOf('\r') + 1, 'the protocol starts a line after the CR');
  assert.equal(fixes.fixFor(at(2)), undefined, 'none inside the line YAML reads');
  assert.ok(fixes.fixFor(at(1)), 'one on a line YAML starts');
});

test('no suppression comment in YAML with syntax errors (the line may lie in a flow collection the parse could not close)', () => {
  const options = { format: 'yaml' as const, rules: WHOLE_DOCUMENT_RULES, commentsAllowed: true };
  const broken = 'mcpdesc: 0.8.0\ninfo: 3\ntools: {[: x}\n';
  const result = checkDocument(broken, options);
  assert.ok(syntaxErrorsOf(broken, 'yaml') > 0);
  assert.ok(result.diagnostics.some((diagnostic) => diagnostic.data.violation === 'wrong-type'));
  for (const diagnostic of result.diagnostics) {
    assert.equal(
      result.fixesFor(diagnostic).some((fix) => fix.title.startsWith('Suppress')),
      false,
      diagnostic.message,
    );
  }
  // The same finding in text without the break has its comment.
  const whole = checkDocument('mcpdesc: 0.8.0\ninfo: 3\n', options);
  assert.ok(whole.diagnostics.some((diagnostic) => whole.fixesFor(diagnostic).some((fix) => fix.title.startsWith('Suppress'))));
});
