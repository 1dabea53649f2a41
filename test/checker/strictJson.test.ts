// Plain JSON (a `.json` document: CheckOptions.commentsAllowed false) has neither comments nor
// trailing commas: the parse tolerates both (it reads JSONC), and each one is reported as a syntax
// error at its exact range with VS Code's JSON mode's words, as the official validator rejects the
// document. A JSONC or YAML document, and a library caller that does not say, get none of them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument, type CheckOptions } from '../../server/src/checker';
import { SYNTAX_RULE_ID } from '../../shared/src/rules';

const COMMENT = 'Comments are not permitted in JSON.';
const TRAILING_COMMA = 'Trailing comma';

const JSONC_TEXT = [
  '{',
  '  // a line comment',
  '  "mcpdesc": "0.8.0", /* a block',
  '  comment */',
  '  "tags": ["a", "b",],',
  '  "info": {"name": "x",',
  '  },',
  '  "url": "https://example.com/* not a comment */, ]"',
  '}',
  '',
].join('\n');

type Reported = [message: string, startLine: number, startCharacter: number, endLine: number, endCharacter: number];

function syntaxErrors(text: string, options: CheckOptions): Reported[] {
  return checkDocument(text, options)
    .diagnostics.filter((diagnostic) => diagnostic.code === SYNTAX_RULE_ID)
    .map(({ message, range: { start, end } }) => [message, start.line, start.character, end.line, end.character]);
}

describe('comments and trailing commas in plain JSON', () => {
  it('each comment and each trailing comma is a syntax error at its exact range', () => {
    assert.deepEqual(syntaxErrors(JSONC_TEXT, { format: 'json', commentsAllowed: false }), [
      [COMMENT, 1, 2, 1, 19],
      [COMMENT, 2, 22, 3, 12],
      [TRAILING_COMMA, 4, 19, 4, 20],
      [TRAILING_COMMA, 5, 22, 5, 23],
    ]);
  });

  it('a trailing comma followed by a comment is reported, the comment too', () => {
    const text = '{"mcpdesc": "0.8.0", "tags": [1, /* x */\n]}';
    assert.deepEqual(syntaxErrors(text, { format: 'json', commentsAllowed: false }), [
      [TRAILING_COMMA, 0, 31, 0, 32],
      [COMMENT, 0, 33, 0, 40],
    ]);
  });

  it('a missing value is the parse’s error alone, not a trailing comma', () => {
    const text = '{"mcpdesc": "0.8.0", "tags": [,]}';
    assert.deepEqual(syntaxErrors(text, { format: 'json', commentsAllowed: false }), [['Value expected', 0, 30, 0, 31]]);
  });

  it('a block comment never closed is one error, the parse’s', () => {
    const text = '{"mcpdesc": "0.8.0"} /* never closed';
    assert.deepEqual(syntaxErrors(text, { format: 'json', commentsAllowed: false }), [
      ['Unexpected end of comment', 0, 21, 0, 36],
    ]);
  });

  it('none in JSONC, and none for a caller that does not say which language the text is', () => {
    assert.deepEqual(syntaxErrors(JSONC_TEXT, { format: 'json', commentsAllowed: true }), []);
    assert.deepEqual(syntaxErrors(JSONC_TEXT, { format: 'json' }), []);
    assert.deepEqual(syntaxErrors(JSONC_TEXT, {}), []);
  });

  it('none in YAML, whose comments are its own', () => {
    const text = '# a comment\nmcpdesc: 0.8.0\ntags: [a, b,]\n';
    assert.deepEqual(syntaxErrors(text, { format: 'yaml', commentsAllowed: false }), []);
  });

  it('a suppression comment is an error itself and still suppresses the line after it', () => {
    const text = ['{', '  "mcpdesc": "0.8.0",', '  // mcpdesc-disable-next-line mcpdesc.syntax', '  "tags": [1,]', '}'].join(
      '\n',
    );
    assert.deepEqual(syntaxErrors(text, { format: 'json', commentsAllowed: false }), [[COMMENT, 2, 2, 2, 45]]);
  });

  it('a document with neither gets none', () => {
    const text = '{"mcpdesc": "0.8.0", "url": "https://example.com//a", "file": "file:///srv/a", "tags": [1, 2]}';
    assert.deepEqual(syntaxErrors(text, { format: 'json', commentsAllowed: false }), []);
  });

  it('a comment of three slashes is reported, beside file URLs', () => {
    const text = '{\n  "uri": "file:///srv/a",\n  /// a doc comment\n  "mcpdesc": "0.8.0"\n}\n';
    assert.deepEqual(syntaxErrors(text, { format: 'json', commentsAllowed: false }), [[COMMENT, 2, 2, 2, 19]]);
  });
});
