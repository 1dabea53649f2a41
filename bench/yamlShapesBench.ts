// The YAML reader on documents shaped as people and tools write them (issue 26): the 7.5 MB YAML
// benchmark content rendered by the generator (no folding), by `yaml`'s stringify with its defaults
// (long lines folded), with every description and message a block scalar (`|`), and with non-ASCII
// text in every description. For each: a full check and an edit inside one tool (the server's
// incremental re-check), interleaved with `yaml`'s parseDocument of the same text (the floor), as
// ratios of medians (wall and CPU time, forced GC before each sample).
//
// Alone (not part of npm run bench): node --expose-gc out/bench/yamlShapesBench.js [--quick] [--seed=N] [--mb=N]
import { Document, isPair, isScalar, parseDocument, Scalar, stringify, visit } from 'yaml';
import { checkDocument, IncrementalDocument } from '../server/src/checker';
import { generateMcpdesc, renderYaml, type Json } from './generate';
import { toggleOffset } from './benchTexts';
import { interleave, summarize } from './measure';

const NON_ASCII = [' — naïve façade', ' über Größe', ' 東京の天気', ' 😀 ok', ' ĉu ŝanĝi'];

function withNonAscii(value: Json, counter = { n: 0 }): Json {
  if (Array.isArray(value)) return value.map((item) => withNonAscii(item, counter));
  if (value && typeof value === 'object') {
    const result: { [key: string]: Json } = {};
    for (const [key, member] of Object.entries(value)) {
      result[key] =
        (key === 'description' || key === 'message') && typeof member === 'string'
          ? member + NON_ASCII[counter.n++ % NON_ASCII.length]
          : withNonAscii(member, counter);
    }
    return result;
  }
  return value;
}

/** stringify's defaults, with every description and message written as a literal block scalar. */
function withBlockScalars(value: Json): string {
  const document = new Document(value);
  visit(document, {
    Pair(_, pair) {
      if (
        isPair(pair) &&
        isScalar(pair.key) &&
        (pair.key.value === 'description' || pair.key.value === 'message') &&
        isScalar(pair.value)
      ) {
        (pair.value as Scalar).type = Scalar.BLOCK_LITERAL;
      }
    },
  });
  return document.toString();
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const seed = Number(args.find((arg) => arg.startsWith('--seed='))?.slice(7) ?? 20261202);
  const megabytes = Number(args.find((arg) => arg.startsWith('--mb='))?.slice(5) ?? 10);
  // The 7.5 MB YAML document's content: the 10 MB JSON document's value.
  const { value } = generateMcpdesc(seed + 2000, megabytes * 1024 * 1024, { format: 'json' });
  const shapes: Array<[string, () => string]> = [
    ['generator (no folding)', () => renderYaml(value)],
    ['stringify defaults (folded)', () => stringify(value)],
    ['block-scalar descriptions', () => withBlockScalars(value)],
    ['non-ASCII descriptions (folded)', () => stringify(withNonAscii(value))],
  ];
  const rounds = quick ? 3 : 7;
  console.log(
    `| shape | bytes | parseDocument | full check | check / parse (wall, cpu) | edit | edit / parse (wall, cpu) | one-tool path |`,
  );
  console.log(`| --- | --- | --- | --- | --- | --- | --- | --- |`);
  for (const [name, render] of shapes) {
    const text = render();
    const offset = toggleOffset(
      text,
      'yaml',
      checkDocument(text, { format: 'yaml' }).diagnostics.map((d) => d.data.offset),
    );
    const broken = `${text.slice(0, offset)}x${text.slice(offset)}`;
    const incremental = new IncrementalDocument(text, { format: 'yaml' });
    let isBroken = false;
    let oneTool = 0;
    let updates = 0;
    const times = await interleave(
      [
        { name: 'parse', run: () => parseDocument(text, { keepSourceTokens: false }) },
        { name: 'check', run: () => checkDocument(text, { format: 'yaml' }) },
        {
          name: 'edit',
          run: () => {
            isBroken = !isBroken;
            const result = isBroken
              ? incremental.update(broken, { offset, length: 0, newLength: 1 })
              : incremental.update(text, { offset, length: 1, newLength: 0 });
            updates++;
            if (incremental.lastUpdateWasIncremental) oneTool++;
            return result;
          },
        },
      ],
      { rounds, warmupRounds: 1, collectGarbage: true },
    );
    const median = (contender: string, kind: 'wall' | 'cpu') => summarize(times.get(contender)![kind]).median;
    const ratio = (contender: string, kind: 'wall' | 'cpu') => (median(contender, kind) / median('parse', kind)).toFixed(3);
    console.log(
      `| ${name} | ${Buffer.byteLength(text)} | ${median('parse', 'wall').toFixed(0)} ms | ${median('check', 'wall').toFixed(0)} ms | ${ratio('check', 'wall')}, ${ratio('check', 'cpu')} | ${median('edit', 'wall').toFixed(1)} ms | ${ratio('edit', 'wall')}, ${ratio('edit', 'cpu')} | ${oneTool}/${updates} |`,
    );
  }
}

void main();
