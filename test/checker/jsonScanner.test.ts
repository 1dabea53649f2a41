// Our scanner against jsonc-parser's createScanner, which it replaces everywhere we read JSON tokens:
// for any text, the same tokens with the same offsets, lengths, values, scan errors, start lines and
// start characters, with and without trivia, from the start and from a set position. Inputs: the
// edge cases, every JSON/JSONC fixture, the generated hostile documents, the benchmark documents
// when present, and a seeded fuzzer (token soup, damaged fixtures). Another seed or a longer run:
// MCPDESC_JSONSCANNER_SEED=n MCPDESC_JSONSCANNER_ITERATIONS=n node --test out/test/checker/jsonScanner.test.js
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createScanner, type JSONScanner } from 'jsonc-parser';
import { createJsonScanner } from '../../server/src/checker/parse/jsonScanner';
import { benchDataDir } from '../../bench/dataDir';
import { GENERATED_CASES } from '../hostile/support/generatedCases';
import { damagedFixture, jsonFixtures, tokenSoup, TRICKY_CASES } from '../support/jsonFuzz';
import { SeededRandom } from '../support/random';
import { repoPath } from '../support/repo';

/** One token as every getter reports it, right after the scan that produced it. */
type TokenRecord = [token: number, offset: number, length: number, value: string, error: number, line: number, character: number, position: number];

/** Every token of `text` (the EOF token included), scanning from `from` when given. */
function tokens(scanner: JSONScanner, from?: number): TokenRecord[] {
  const records: TokenRecord[] = [];
  if (from !== undefined) {
    scanner.setPosition(from);
    // What a set position reports before the first scan.
    records.push([scanner.getToken(), scanner.getTokenOffset(), scanner.getTokenLength(), scanner.getTokenValue(), scanner.getTokenError(), -1, -1, scanner.getPosition()]);
  }
  for (;;) {
    const token = scanner.scan();
    assert.equal(scanner.getToken(), token);
    records.push([
      token,
      scanner.getTokenOffset(),
      scanner.getTokenLength(),
      scanner.getTokenValue(),
      scanner.getTokenError(),
      scanner.getTokenStartLine(),
      scanner.getTokenStartCharacter(),
      scanner.getPosition(),
    ]);
    if (token === 17 /* EOF */) return records;
  }
}

/** The first token where the two streams differ, and its neighbours (a whole stream is too long to read). */
function assertSameTokens(actual: TokenRecord[], expected: TokenRecord[], context: string): void {
  const length = Math.max(actual.length, expected.length);
  for (let i = 0; i < length; i++) {
    if (JSON.stringify(actual[i]) === JSON.stringify(expected[i])) continue;
    assert.deepStrictEqual(actual.slice(Math.max(0, i - 2), i + 3), expected.slice(Math.max(0, i - 2), i + 3), `${context}: token ${i} differs`);
  }
}

function describeInput(text: string): string {
  return text.length <= 2_000 ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, 2000))} … (${text.length} characters)`;
}

/** Both scanners, with and without trivia, from the start and (when given) from `from`. */
function assertSameAsJsoncScanner(text: string, context: string, from?: number): void {
  for (const ignoreTrivia of [false, true]) {
    const where = `${context}${ignoreTrivia ? ' (trivia ignored)' : ''}\ninput: ${describeInput(text)}`;
    assertSameTokens(tokens(createJsonScanner(text, ignoreTrivia)), tokens(createScanner(text, ignoreTrivia)), where);
    if (from !== undefined) {
      assertSameTokens(tokens(createJsonScanner(text, ignoreTrivia), from), tokens(createScanner(text, ignoreTrivia), from), `${where}\nfrom ${from}`);
    }
  }
}

describe('createJsonScanner is jsonc-parser\'s createScanner', () => {
  it('on hand-written edge cases, from the start and from every position', () => {
    for (const text of TRICKY_CASES) {
      for (let from = 0; from <= text.length + 1; from++) assertSameAsJsoncScanner(text, 'edge case', from);
    }
  });

  it('on every JSON and JSONC fixture', () => {
    const files = jsonFixtures(repoPath('test-fixtures'));
    assert.ok(files.length > 100, `only ${files.length} fixtures found`);
    const random = new SeededRandom(20261201);
    for (const file of files) {
      const text = fs.readFileSync(file).toString('utf8');
      assertSameAsJsoncScanner(text, file, random.below(text.length + 1));
    }
  });

  it('on the generated hostile documents', () => {
    const cases = GENERATED_CASES.filter((generated) => (generated.format ?? 'json') === 'json' && generated.name !== 'steps-100000');
    assert.ok(cases.length > 5);
    for (const generated of cases) assertSameAsJsoncScanner(generated.build(), `generated case ${generated.name}`);
  });

  for (const size of ['20kb', '1mb']) {
    const file = path.join(benchDataDir(), 'docs', `bench-${size}.mcpdesc.json`);
    it(`on the ${size} benchmark document`, { skip: fs.existsSync(file) ? false : `no ${file} (npm run bench writes it)` }, () => {
      assertSameAsJsoncScanner(fs.readFileSync(file, 'utf8'), file);
    });
  }
});

describe('createJsonScanner against createScanner on fuzzed input (seeded)', () => {
  const seed = Number(process.env.MCPDESC_JSONSCANNER_SEED ?? 20261201);
  const iterations = Number(process.env.MCPDESC_JSONSCANNER_ITERATIONS ?? 3000);

  it(`on ${iterations} texts of JSON-ish token soup (seed ${seed})`, () => {
    const random = new SeededRandom(seed);
    for (let i = 0; i < iterations; i++) {
      const text = tokenSoup(random);
      assertSameAsJsoncScanner(text, `token soup ${i} of seed ${seed}`, random.below(text.length + 2));
    }
  });

  it(`on ${iterations} damaged fixture texts (seed ${seed})`, () => {
    const random = new SeededRandom(seed + 1);
    const texts = jsonFixtures(repoPath('test-fixtures')).map((file) => fs.readFileSync(file).toString('utf8'));
    for (let i = 0; i < iterations; i++) {
      const { text, damages } = damagedFixture(random, texts);
      assertSameAsJsoncScanner(text, `damaged fixture ${i} of seed ${seed} (${damages.join(', ')})`, random.below(text.length + 1));
    }
  });
});
