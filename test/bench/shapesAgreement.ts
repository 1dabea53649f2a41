// Every shape but spec-like renders the base value (adapted) and gives the base shape's findings, in
// each of its formats; and generated documents of every shape and format come out near the size
// asked with exactly the seeded findings. Written once as a function of the seeds and the size:
// shapes.test.ts runs one seed at 60 KB and the shapes at 120 KB, shapes.thorough.test.ts two seeds
// at 250 KB and the shapes at 300 KB, the sizes the benchmark uses.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parse as parseJsonc, parseTree } from 'jsonc-parser';
import { parse as parseYaml } from 'yaml';
import { checkDocument } from '../../server/src/checker';
import { ELICITATION_RULE_ID } from '../../shared/src/rules';
import { elicitationOnly } from '../support/ruleScope';
import { generateMcpdesc } from '../../bench/generate';
import { toggleOffset } from '../../bench/benchTexts';
import { adaptValue, renderShape, SHAPE_FORMATS, SHAPE_NAMES, type ShapeFormat } from '../../bench/shapes';

/** Every finding of a check as code, kind and the text at its place (the place itself moves with the rendering). */
// With the elicitation rules only (the findings the shapes were written to seed): the whole-document
// rules, on by default since issue 34, spend the checker's wall-clock budget on these documents of up to 250 KB
// and, on a loaded machine, leave part unchecked, which would make the comparison depend on the load.
function findings(text: string, format: ShapeFormat): string[] {
  return checkDocument(text, elicitationOnly({ format }))
    .diagnostics.map((d) => `${d.code} ${d.data.violation ?? ''} ${d.message}`)
    .sort();
}

function readBack(text: string, format: ShapeFormat): unknown {
  return format === 'json' ? parseJsonc(text) : parseYaml(text);
}

const SAME_CONTENT = SHAPE_NAMES.filter((shape) => shape !== 'spec-like');

/** Every shape but spec-like renders the base value (adapted) and gives the base shape's findings, in each of its formats. */
export function shapesAgreeWithTheBase(seeds: number[], bytes: number): void {
  test(`every shape but spec-like renders the base value (adapted) and gives the base shape's findings, in each of its formats (seeds ${seeds.join(', ')}, ${bytes / 1000} KB)`, () => {
    for (const seed of seeds) {
      const { value, stats } = generateMcpdesc(seed, bytes);
      const seeded = Object.values(stats.seeded).reduce((a, b) => a + b, 0);
      assert.ok(seeded > 3, `seed ${seed}: only ${seeded} violations seeded`);
      for (const format of ['json', 'yaml'] as const) {
        const base = findings(renderShape(value, 'base', format), format);
        assert.equal(base.filter((f) => f.startsWith(ELICITATION_RULE_ID)).length, seeded);
        for (const shape of SAME_CONTENT.filter((s) => SHAPE_FORMATS[s].includes(format))) {
          const adapted = adaptValue(value, shape);
          const text = renderShape(adapted, shape, format);
          assert.deepEqual(readBack(text, format), adapted, `${shape} ${format} reads back as its value`);
          // The messages quote what the document says; the non-ASCII words are added to free text only.
          const own = findings(text, format);
          assert.deepEqual(
            own.map((f) => f.split(' ').slice(0, 2).join(' ')),
            base.map((f) => f.split(' ').slice(0, 2).join(' ')),
            `${shape} ${format}: findings`,
          );
          if (shape !== 'non-ascii') assert.deepEqual(own, base, `${shape} ${format}: messages`);
        }
      }
    }
  });
}

/** Generated documents of every shape and format, of `bytes` asked. */
export function generatedShapesAsAsked(bytes: number): void {
  test(`generated documents of every shape and format: near the size asked (${bytes / 1000} KB), parsed without errors, the seeded findings exactly`, () => {
    for (const shape of SHAPE_NAMES) {
      for (const format of SHAPE_FORMATS[shape]) {
        const { text, stats } = generateMcpdesc(9, bytes, { shape, format });
        const where = `${shape} ${format}`;
        assert.equal(stats.bytes, Buffer.byteLength(text), where);
        assert.ok(Math.abs(stats.bytes - bytes) < bytes * 0.15, `${where}: ${stats.bytes} bytes`);
        if (format === 'json') {
          const errors: unknown[] = [];
          parseTree(text, errors as never);
          assert.deepEqual(errors, [], where);
        }
        const result = checkDocument(text, elicitationOnly({ format }));
        const byKind: Record<string, number> = {};
        for (const d of result.diagnostics)
          byKind[`${d.code} ${d.data.violation}`] = (byKind[`${d.code} ${d.data.violation}`] ?? 0) + 1;
        const expected = Object.fromEntries(
          Object.entries(stats.seeded)
            .filter(([, n]) => n > 0)
            .map(([kind, n]) => [`${ELICITATION_RULE_ID} ${kind}`, n]),
        );
        assert.deepEqual(byKind, expected, where);
        // The benchmark's one-character edit finds its place in every shape.
        const offset = toggleOffset(text, format, []);
        assert.ok(/accept$/.test(text.slice(0, offset)), where);
      }
    }
  });
}
