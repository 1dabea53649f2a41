// Text that is not JSON at all gives a syntax error every few characters; only the first
// MAX_SYNTAX_DIAGNOSTICS are shown, and one notice says how many more there are and where they start.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import { MAX_SYNTAX_DIAGNOSTICS } from '../../server/src/checker/check';
import { parseJsonDocument } from '../../server/src/checker/syntax/json/jsonDocument';
import { elicitationOnly } from '../support/ruleScope';

describe('syntax diagnostics per document', () => {
  // `{"a": [1 2 2 …]}`: one "Comma expected" per element after the first.
  const strays = MAX_SYNTAX_DIAGNOSTICS + 500;
  const text = `{"mcpdesc": "1.0", "a": [1${' 2'.repeat(strays)}]}`;
  const parseErrors = parseJsonDocument(text).syntaxErrors;

  it('are capped, with one notice at the first error not shown', () => {
    assert.equal(parseErrors.length, strays, 'the input gives one error per stray number');
    const { diagnostics } = checkDocument(text, elicitationOnly({}));
    const syntax = diagnostics.filter((d) => d.code === 'mcpdesc.syntax');
    assert.equal(syntax.length, MAX_SYNTAX_DIAGNOSTICS);
    assert.deepEqual(
      syntax.map((d) => d.data.offset),
      parseErrors.slice(0, MAX_SYNTAX_DIAGNOSTICS).map((e) => e.offset),
    );
    const notices = diagnostics.filter((d) => d.code === 'mcpdesc.checker');
    assert.equal(notices.length, 1);
    const [notice] = notices;
    const firstOmitted = parseErrors[MAX_SYNTAX_DIAGNOSTICS];
    assert.equal(notice.data.violation, 'skipped');
    assert.equal(notice.severity, 3);
    assert.equal(notice.data.offset, firstOmitted.offset);
    assert.deepEqual(notice.range.start, { line: 0, character: firstOmitted.offset });
    assert.equal(notice.message, '500 more syntax errors from here on are not shown (the first 999 are).');
    assert.equal(diagnostics.length, MAX_SYNTAX_DIAGNOSTICS + 1);
  });

  it('the notice follows the checker rule setting; the cap stays', () => {
    const { diagnostics } = checkDocument(text, elicitationOnly({ rules: { 'mcpdesc.checker': 'off' } }));
    assert.equal(diagnostics.length, MAX_SYNTAX_DIAGNOSTICS);
    assert.ok(diagnostics.every((d) => d.code === 'mcpdesc.syntax'));
  });

  it('a document at the cap gets no notice', () => {
    const atCap = `{"mcpdesc": "1.0", "a": [1${' 2'.repeat(MAX_SYNTAX_DIAGNOSTICS)}]}`;
    const { diagnostics } = checkDocument(atCap, elicitationOnly({}));
    assert.equal(diagnostics.length, MAX_SYNTAX_DIAGNOSTICS);
    assert.ok(diagnostics.every((d) => d.code === 'mcpdesc.syntax'));
  });
});
