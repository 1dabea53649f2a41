// Every shape but spec-like renders the base value (adapted) and gives the base shape's findings, in
// each of its formats (shapes.test.ts on one seed, shapes.thorough.test.ts on two).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseYaml } from 'yaml';
import { checkDocument } from '../../server/src/checker';
import { ELICITATION_RULE_ID } from '../../shared/src/rules';
import { elicitationOnly } from '../support/ruleScope';
import { generateMcpdesc } from '../../bench/generate';
import { adaptValue, renderShape, SHAPE_FORMATS, SHAPE_NAMES, type ShapeFormat } from '../../bench/shapes';

/** Every finding of a check as code, kind and the text at its place (the place itself moves with the rendering). */
// With the elicitation rules only (the findings the shapes were written to seed): the whole-document
// rules, on by default since issue 34, spend the checker's wall-clock budget on these 250 KB documents
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
export function shapesAgreeWithTheBase(seeds: number[]): void {
  test(`every shape but spec-like renders the base value (adapted) and gives the base shape's findings, in each of its formats (seeds ${seeds.join(', ')})`, () => {
    for (const seed of seeds) {
      const { value, stats } = generateMcpdesc(seed, 250_000);
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
