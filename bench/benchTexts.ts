// The benchmark's documents by size and format, generated once per run and shared by every part
// that uses them (generating 10 MB takes seconds). The seeds are run.ts's: the run's seed plus 1000
// per size (20 KB, 1 MB, 10 MB JSON, 1 MB YAML); the 7.5 MB YAML document is the 10 MB document's
// content, rendered as YAML and sized to 7.5 MB (what issue 17 measured).
// Each also exists in every shape of shapes.ts that has its format (the same seed and size).
import { generateMcpdesc, type GenerationStats } from './generate';
import { SHAPE_NAMES, shapeHasFormat, type ShapeName } from './shapes';

export type BenchTextName = '1 MB JSON' | '10 MB JSON' | '1 MB YAML' | '7.5 MB YAML';

const SPECS: Record<BenchTextName, { seedOffset: number; bytes: number; format: 'json' | 'yaml' }> = {
  '1 MB JSON': { seedOffset: 1000, bytes: 1024 * 1024, format: 'json' },
  '10 MB JSON': { seedOffset: 2000, bytes: 10 * 1024 * 1024, format: 'json' },
  '1 MB YAML': { seedOffset: 3000, bytes: 1024 * 1024, format: 'yaml' },
  '7.5 MB YAML': { seedOffset: 2000, bytes: 7.5 * 1024 * 1024, format: 'yaml' },
};

export interface BenchText {
  name: BenchTextName;
  shape: ShapeName;
  format: 'json' | 'yaml';
  text: string;
  stats: GenerationStats;
}

/** Texts only (the generator's value of a 10 MB document is hundreds of MB of objects). */
const generated = new Map<string, BenchText>();

export function benchText(seed: number, name: BenchTextName, shape: ShapeName = 'base'): BenchText {
  const key = `${seed} ${name} ${shape}`;
  let document = generated.get(key);
  if (!document) {
    const spec = SPECS[name];
    const { text, stats } = generateMcpdesc(seed + spec.seedOffset, spec.bytes, { format: spec.format, shape });
    document = { name, shape, format: spec.format, text, stats };
    generated.set(key, document);
  }
  return document;
}

/** The format of a bench text. */
export function benchTextFormat(name: BenchTextName): 'json' | 'yaml' {
  return SPECS[name].format;
}

/** The shapes among `shapes` that `name`'s format has, in SHAPE_NAMES order. */
export function shapesFor(name: BenchTextName, shapes: readonly ShapeName[]): ShapeName[] {
  return SHAPE_NAMES.filter((shape) => shapes.includes(shape) && shapeHasFormat(shape, SPECS[name].format));
}

/** A document's label with its shape (the base shape's label is the document's alone). */
export function shapedLabel(label: string, shape: ShapeName): string {
  return shape === 'base' ? label : `${label}, ${shape}`;
}

/** Characters between the toggled edit and any diagnostic of the document, so that the edit adds one and removes none. */
const CLEARANCE = 4000;

/**
 * Where one inserted character turns an accepted response's action into an invalid one (right after
 * `accept`, inside one tool): the first such place from the middle of the text on with no other
 * problem within CLEARANCE characters (`problemOffsets`), else the first at all.
 */
export function toggleOffset(text: string, format: 'json' | 'yaml', problemOffsets: readonly number[]): number {
  // Minified JSON writes no space after the colon.
  const needle =
    format === 'yaml' ? 'action: accept' : text.includes('"action": "accept') ? '"action": "accept' : '"action":"accept';
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
