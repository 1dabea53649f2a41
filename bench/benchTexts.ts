// The benchmark's documents by size and format, generated once per run and shared by every part
// that uses them (generating 10 MB takes seconds). The seeds are run.ts's: the run's seed plus 1000
// per size (20 KB, 1 MB, 10 MB JSON, 1 MB YAML); the 7.5 MB YAML document is the 10 MB document's
// content, rendered as YAML and sized to 7.5 MB (what issue 17 measured).
import { generateMcpdesc, type GenerationStats } from './generate';

export type BenchTextName = '1 MB JSON' | '10 MB JSON' | '1 MB YAML' | '7.5 MB YAML';

const SPECS: Record<BenchTextName, { seedOffset: number; bytes: number; format: 'json' | 'yaml' }> = {
  '1 MB JSON': { seedOffset: 1000, bytes: 1024 * 1024, format: 'json' },
  '10 MB JSON': { seedOffset: 2000, bytes: 10 * 1024 * 1024, format: 'json' },
  '1 MB YAML': { seedOffset: 3000, bytes: 1024 * 1024, format: 'yaml' },
  '7.5 MB YAML': { seedOffset: 2000, bytes: 7.5 * 1024 * 1024, format: 'yaml' },
};

export interface BenchText {
  name: BenchTextName;
  format: 'json' | 'yaml';
  text: string;
  stats: GenerationStats;
}

/** Texts only (the generator's value of a 10 MB document is hundreds of MB of objects). */
const generated = new Map<string, BenchText>();

export function benchText(seed: number, name: BenchTextName): BenchText {
  const key = `${seed} ${name}`;
  let document = generated.get(key);
  if (!document) {
    const spec = SPECS[name];
    const { text, stats } = generateMcpdesc(seed + spec.seedOffset, spec.bytes, { format: spec.format });
    document = { name, format: spec.format, text, stats };
    generated.set(key, document);
  }
  return document;
}

/** Characters between the toggled edit and any diagnostic of the document, so that the edit adds one and removes none. */
const CLEARANCE = 4000;

/**
 * Where one inserted character turns an accepted response's action into an invalid one (right after
 * `accept`, inside one tool): the first such place from the middle of the text on with no other
 * problem within CLEARANCE characters (`problemOffsets`), else the first at all.
 */
export function toggleOffset(text: string, format: 'json' | 'yaml', problemOffsets: readonly number[]): number {
  const needle = format === 'json' ? '"action": "accept' : 'action: accept';
  const isClear = (at: number): boolean => problemOffsets.every((offset) => Math.abs(offset - at) > CLEARANCE);
  let index = -1;
  for (let at = text.indexOf(needle, Math.floor(text.length / 2)); at !== -1; at = text.indexOf(needle, at + 1)) {
    if (isClear(at)) {
      index = at;
      break;
    }
  }
  if (index === -1) index = text.indexOf(needle);
  if (index === -1) throw new Error('document has no accepted elicitation response to edit');
  return index + needle.length;
}
