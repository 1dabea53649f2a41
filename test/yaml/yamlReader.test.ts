// The checker's YAML reader (parseYamlDocuments: trees built from the `yaml` package's CST) held
// to the composed reference (test/support/yamlComposedReference.ts: the package composes the text,
// as parseDocument does, and the tree is built from its nodes): the same trees (every member of
// every node), document ranges and errors (the package's codes, messages and ranges), and the same
// diagnostics from checkDocument. Inputs: hand-written edge cases, every YAML fixture, a generated
// document, `yaml`'s own output in every style (folded lines, block scalars, flow, quoted, non-ASCII),
// and 50 seeded random, soup and damaged texts each; yamlReader.thorough.test.ts adds the hostile YAML
// cases, the generator's bigger documents and thousands of seeded texts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { stringify } from 'yaml';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml/parseYamlDocuments';
import { YamlTreeBuilder } from '../../server/src/checker/syntax/yaml/yamlTreeBuilder';
import { generateMcpdesc } from '../../bench/generate';
import { SeededRandom } from '../support/random';
import { repoPath } from '../support/repo';
import { parseYamlDocumentsComposed } from '../support/yamlComposedReference';
import {
  assertSameAsReference,
  assertSameDiagnostics,
  damage,
  EDGE_CASES,
  lineSoup,
  MORE_EDGE_CASES,
  randomStyle,
  randomValue,
} from '../support/yamlDifferential';

function assertSame(text: string, context: string): void {
  assertSameAsReference(text, parseYamlDocuments, parseYamlDocumentsComposed, context);
}

/** Whether the reader judged `text` clean by itself (it then does not compose the text for errors). */
function judgedClean(text: string): boolean {
  let clean = true;
  const build = YamlTreeBuilder.prototype.buildDocument;
  YamlTreeBuilder.prototype.buildDocument = function (this: YamlTreeBuilder, ...args) {
    const result = build.apply(this, args);
    if (this.suspicious) clean = false;
    return result;
  };
  try {
    parseYamlDocuments(text);
  } finally {
    YamlTreeBuilder.prototype.buildDocument = build;
  }
  return clean;
}

function yamlFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) files.push(...yamlFiles(full));
    else if (/\.ya?ml$/.test(entry.name)) files.push(full);
  }
  return files.sort();
}

const FIXTURES = yamlFiles(repoPath('test-fixtures')).map((file) => ({ file, text: fs.readFileSync(file).toString('utf8') }));

/** A value with what real descriptions hold: long sentences, line breaks, non-ASCII, numbers and look-alikes. */
function describedValue(): unknown {
  const long =
    'Looks up the current weather for a city and returns the temperature, the wind and a short forecast for the next days';
  return {
    mcpdesc: '0.8.0',
    info: { name: 'météo-server', version: '1.2.0', description: `${long}. ${long}.` },
    tools: [
      {
        name: 'forecast',
        description: `${long}:\n\n- one line\n- two: lines\n\n  indented ${long}\n`,
        notes: [
          'über 😀 naïve façade 東京 ',
          '  leading',
          'trailing  ',
          'a: b',
          '# not a comment',
          '- item',
          '"quoted"',
          "it's",
          '',
          'null',
          '1.5',
          'yes',
        ],
        limits: { count: 3, ratio: 0.5, big: 12345678901234567890, on: true, off: null, nan: NaN, neg: -Infinity },
        text: 'x'.repeat(200) + ' ' + 'y '.repeat(100),
      },
    ],
  };
}

/** `yaml`'s stringify in each of its styles. */
const STYLES: ReadonlyArray<[string, Parameters<typeof stringify>[2]]> = [
  ['defaults (folded lines)', undefined],
  ['narrow folded lines', { lineWidth: 30, minContentWidth: 0 }],
  ['no folding', { lineWidth: 0 }],
  ['block literal strings', { blockQuote: 'literal', defaultStringType: 'BLOCK_LITERAL' }],
  ['block folded strings', { blockQuote: 'folded', defaultStringType: 'BLOCK_FOLDED' }],
  ['flow collections', { collectionStyle: 'flow' }],
  ['double quoted', { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' }],
  ['single quoted', { defaultStringType: 'QUOTE_SINGLE' }],
  ['double quoted as JSON', { defaultStringType: 'QUOTE_DOUBLE', doubleQuotedAsJSON: true }],
  ['indent 4, sequences not indented', { indent: 4, indentSeq: false }],
];

describe('the YAML reader builds the composed reference’s trees and reports its errors', () => {
  it('on hand-written edge cases, with the same diagnostics', () => {
    for (const text of [...EDGE_CASES, ...MORE_EDGE_CASES]) {
      assertSame(text, 'edge case');
      assertSameDiagnostics(text, JSON.stringify(text));
    }
  });

  it('on every YAML fixture (test-fixtures/**), with the same diagnostics', () => {
    assert.ok(FIXTURES.length >= 70, `only ${FIXTURES.length} YAML fixtures found`);
    assert.ok(
      FIXTURES.some(({ file }) => file.includes(`${path.sep}hostile${path.sep}`)),
      'the hostile fixtures are included',
    );
    for (const { file, text } of FIXTURES) {
      assertSame(text, file);
      assertSameDiagnostics(text, file);
    }
  });

  // The hostile YAML cases and the generator's bigger documents: yamlReader.thorough.test.ts.
  it('on the benchmark generator’s YAML (20 KB, also rendered with stringify’s defaults), with the same diagnostics', () => {
    for (const [seed, bytes] of [[1, 20_000]]) {
      const { text, value } = generateMcpdesc(seed, bytes, { format: 'yaml' });
      assertSame(text, `generated seed ${seed}`);
      assertSameDiagnostics(text, `generated seed ${seed}`);
      const folded = stringify(value);
      assertSame(folded, `generated seed ${seed}, rendered with stringify's defaults`);
      assertSameDiagnostics(folded, `generated seed ${seed}, rendered with stringify's defaults`);
    }
  });

  it('on `yaml`’s output in every style: folded lines, block scalars, flow, quoted, non-ASCII', () => {
    const { value } = generateMcpdesc(5, 40_000, { format: 'yaml' });
    for (const [name, options] of STYLES) {
      for (const input of [describedValue(), value]) {
        const text = stringify(input, null, options);
        assertSame(text, `stringify: ${name}`);
        assertSameDiagnostics(text, `stringify: ${name}`);
        assert.ok(judgedClean(text), `stringify (${name}) output is judged clean without composing it`);
      }
    }
  });

  it('judges its own clean texts clean and composes broken ones (the BLOCK_IN_FLOW texts among them)', () => {
    for (const { text } of FIXTURES.filter(({ file }) => file.includes(`${path.sep}workspace${path.sep}`)))
      assert.ok(judgedClean(text));
    assert.ok(judgedClean(generateMcpdesc(7, 30_000, { format: 'yaml' }).text));
    for (const text of ['a: [x, -]\n', '[-]', 'k: {a: -}\n', '- [-]\n', 'a: 1\n b: 2\n', 'a: "b\n'])
      assert.equal(judgedClean(text), false, JSON.stringify(text));
  });
});

describe('the YAML reader against the composed reference on seeded random text', () => {
  const seed = Number(process.env.MCPDESC_YAML_READER_SEED ?? 20261202);
  const iterations = Number(process.env.MCPDESC_YAML_READER_ITERATIONS ?? 50);

  it(`on ${iterations} documents \`yaml\` writes in random styles, ${iterations} of line soup, ${iterations} damaged texts (seed ${seed})`, () => {
    const random = new SeededRandom(seed);
    for (let i = 0; i < iterations; i++)
      assertSame(stringify(randomValue(random, 0), null, randomStyle(random)), `styled document ${i} of seed ${seed}`);
    for (let i = 0; i < iterations; i++) assertSame(lineSoup(random), `line soup ${i} of seed ${seed}`);
    const texts = [
      ...FIXTURES.map(({ text }) => text),
      ...[1, 2, 3].map((s) => generateMcpdesc(s, 8_000, { format: 'yaml' }).text),
    ];
    for (let i = 0; i < iterations; i++) {
      let text = random.pick(texts);
      for (let count = 1 + random.below(3); count > 0; count--) text = damage(text, random);
      assertSame(text, `damaged text ${i} of seed ${seed}`);
    }
  });
});
