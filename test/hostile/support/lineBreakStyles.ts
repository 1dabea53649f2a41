// Positions under every line-break style: a fixture of the corpus (expected-valid and
// expected-invalid) written with LF, CRLF and lone CR gives the same diagnostics at the same
// line/character positions (a CRLF is one line break, a lone CR is one too); with a BOM in front,
// the same diagnostics with characters on line 0 counted one further (the BOM is a character of
// the text given to the checker). Written once, as a function of the fixtures: ../lineEndings.test.ts
// runs every third fixture, ../lineEndings.thorough.test.ts all of them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkDocument, type Diagnostic } from '../../../server/src/checker';
import { repoPath } from '../../support/repo';
import { rangesOutside } from './positions';

/** The JSON fixtures of both folders, in name order; with `stride`, every `stride`-th of them. */
export function lineBreakCorpus(stride = 1): Array<{ name: string; text: string }> {
  return ['expected-valid', 'expected-invalid']
    .flatMap((folder) =>
      fs
        .readdirSync(repoPath('test-fixtures', folder))
        .filter((file) => /\.jsonc?$/.test(file) && !file.endsWith('.expected.json'))
        .sort()
        .map((file) => ({
          name: `${folder}/${file}`,
          text: fs.readFileSync(path.join(repoPath('test-fixtures', folder), file), 'utf8'),
        })),
    )
    .filter((_, index) => index % stride === 0);
}

function shape(diagnostics: Diagnostic[], lineZeroShift = 0) {
  const shift = (position: { line: number; character: number }) => ({
    line: position.line,
    character: position.line === 0 ? position.character + lineZeroShift : position.character,
  });
  return diagnostics.map((diagnostic) => ({
    violation: diagnostic.data.violation,
    start: shift(diagnostic.range.start),
    end: shift(diagnostic.range.end),
    message: diagnostic.message,
  }));
}

export function describeLineBreakStyles(fixtures: ReadonlyArray<{ name: string; text: string }>): void {
  describe('line-break styles and a BOM do not move diagnostics', () => {
    for (const fixture of fixtures) {
      it(fixture.name, () => {
        const lf = fixture.text.replace(/\r\n?/g, '\n');
        const expected = shape(checkDocument(lf).diagnostics);
        for (const [style, text] of [
          ['CRLF', lf.replace(/\n/g, '\r\n')],
          ['CR', lf.replace(/\n/g, '\r')],
        ] as const) {
          const diagnostics = checkDocument(text).diagnostics;
          assert.deepEqual(rangesOutside(text, diagnostics), [], style);
          assert.deepEqual(shape(diagnostics), expected, style);
        }
        const withBom = checkDocument(`\ufeff${lf}`).diagnostics;
        assert.deepEqual(shape(withBom), shape(checkDocument(lf).diagnostics, 1), 'BOM');
      });
    }
  });
}
