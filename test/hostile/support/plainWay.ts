// The shortcuts of many problems in one file (an index of diagnostics, one token table for the
// suppression fix, one editor for the count) held to the plain way, on documents the caller gives:
// manyProblems.test.ts a sample of the fixture corpus, manyProblems.thorough.test.ts all of it (the
// plain way rescans the text from its start for every line, so the whole corpus costs seconds).
import assert from 'node:assert/strict';
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { describe, it } from 'node:test';
import { Lexer } from 'yaml';
import { checkDocument, type DocumentFormat } from '../../../server/src/checker';
import { syntaxOf } from '../../../server/src/checker/syntax/syntaxOf';
import { fixtureCorpus } from '../../support/fixtureCorpus';

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

/** What a run must have met, so that it cannot pass on documents that exercise nothing. */
export interface PlainWayMinimum {
  documents: number;
  /** Lines inside a token (no comment can go before them). */
  blocked: number;
  fixable: number;
}

/** The fixture corpus, or every `stride`-th document of it (in its stable order), with three documents of awkward tokens. */
export function plainWayDocuments(stride = 1): Array<{ name: string; text: string; format: DocumentFormat; extension: string }> {
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
  return [...fixtureCorpus().filter((_, index) => index % stride === 0), ...extra];
}

export function describeTheShortcutsHeldToThePlainWay(
  documents: ReturnType<typeof plainWayDocuments>,
  minimum: PlainWayMinimum,
): void {
  describe('the shortcuts held to the plain way', () => {
    it('whether a line can take a comment before it, on every line of every fixture', () => {
      assert.ok(documents.length >= minimum.documents, `${documents.length} documents`);
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
      assert.ok(blocked >= minimum.blocked, `${blocked} lines are inside a token`);
    });

    it('the fixable count is the count of diagnostics whose fixes include a preferred one', () => {
      let fixable = 0;
      for (const document of documents) {
        const result = checkDocument(document.text, { format: document.format, commentsAllowed: document.extension !== 'json' });
        const plain = result.diagnostics.filter((diagnostic) =>
          result.fixesFor(diagnostic).some((fix) => fix.isPreferred),
        ).length;
        assert.equal(result.preferredFixCount(), plain, document.name);
        fixable += plain;
      }
      assert.ok(fixable >= minimum.fixable, `${fixable} fixable problems`);
    });
  });
}
