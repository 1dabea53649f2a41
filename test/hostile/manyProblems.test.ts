// Tens of thousands of problems in one file, through the built CLI: every per-problem step must cost
// a lookup, not a pass over all the others. Before, the CLI counted fixable problems by asking each
// diagnostic's fixes, and each question scanned every diagnostic (and the text, for the suppression
// fix): a directive on each of 45,000 lines took minutes, one directive naming 40,000 rules seconds.
// Here at a hundredth of those sizes (manyProblemsCli.ts); at full size, where the old code needs far
// more than the hang guard, in manyProblems.thorough.test.ts. No timing is asserted, only that the
// answer comes, and that it is right.
// The shortcuts (an index of diagnostics, one token table for the suppression fix, one editor for
// the count) are held to the plain way on the fixture corpus.
import assert from 'node:assert/strict';
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { describe, it } from 'node:test';
import { checkDocument, type DocumentFormat } from '../../server/src/checker';
import { syntaxOf } from '../../server/src/checker/syntax/syntaxOf';
import { Lexer } from 'yaml';
import { fixtureCorpus } from '../support/fixtureCorpus';
import { manyProblemsThroughTheCli } from './manyProblemsCli';

// The cases at a hundredth of the sizes that took minutes before (all of it: manyProblems.thorough.test.ts).
manyProblemsThroughTheCli(450, 400, 200, true);

/** The plain way: every token from the start of the text until the line's start is reached. */
function plainCanStartWithComment(text: string, format: DocumentFormat, lineStart: number): boolean {
  if (lineStart === 0) return true;
  if (format === 'yaml') {
    let offset = 0;
    let previous: string | undefined;
    for (const source of new Lexer().lex(text)) {
      if (['\u0002', '\u0018', '\u001f'].includes(source)) continue;
      const start = offset;
      offset += source.length;
      if (start >= lineStart) return !(start === lineStart && previous !== undefined && /^[|>]/.test(previous));
      if (offset > lineStart && !/^\s*$/.test(source)) return false;
      if (!/^\s+$/.test(source)) previous = source;
    }
    return true;
  }
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    const start = scanner.getTokenOffset();
    if (start >= lineStart) return true;
    if (start + scanner.getTokenLength() > lineStart && kind !== SyntaxKind.LineBreakTrivia && kind !== SyntaxKind.Trivia)
      return false;
  }
  return true;
}

describe('the shortcuts held to the plain way', () => {
  const extra: Array<{ name: string; text: string; format: DocumentFormat; extension: string }> = [
    { name: 'block comment', text: '{\r\n  /* a\r\n  b */ "mcpdesc": "0.8.0"\r\n}\r\n', format: 'json', extension: 'jsonc' },
    { name: 'multi-line string', text: '{\n  "a": "x\n y",\r  "b": 1\n}\n', format: 'json', extension: 'jsonc' },
    {
      name: 'block scalar',
      text: 'a: |\n  text\n  more\nb: >-\n\n  folded\nc: "two\n  lines"\n',
      format: 'yaml',
      extension: 'yaml',
    },
  ];
  const documents = [...fixtureCorpus(), ...extra];

  it('whether a line can take a comment before it, on every line of every fixture', () => {
    assert.ok(documents.length > 20);
    let blocked = 0;
    for (const document of documents) {
      const tokens = syntaxOf(document.format).lineSpanningTokens(document.text);
      const text = document.text;
      for (let offset = 0; offset <= text.length; offset++) {
        const lineStart = offset === 0 || text[offset - 1] === '\n' || (text[offset - 1] === '\r' && text[offset] !== '\n');
        if (!lineStart) continue;
        const plain = plainCanStartWithComment(document.text, document.format, offset);
        if (!plain) blocked++;
        assert.equal(tokens.canStartWithComment(offset), plain, `${document.name}, offset ${offset}`);
      }
    }
    assert.ok(blocked > 3, 'some lines are inside a token');
  });

  it('the fixable count is the count of diagnostics whose fixes include a preferred one', () => {
    let fixable = 0;
    for (const document of documents) {
      const result = checkDocument(document.text, { format: document.format, commentsAllowed: document.extension !== 'json' });
      const plain = result.diagnostics.filter((diagnostic) => result.fixesFor(diagnostic).some((fix) => fix.isPreferred)).length;
      assert.equal(result.preferredFixCount(), plain, document.name);
      fixable += plain;
    }
    assert.ok(fixable > 20, 'the corpus has fixable problems');
  });
});
