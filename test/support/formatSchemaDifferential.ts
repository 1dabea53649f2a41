// The precompiled validators of the format's schema (build/generated/, ajv's standalone code) held
// to the same set-up compiled by ajv at run time (formatSchemaAjv.ts): for every value, the same
// verdict and the same error objects, in the same order, from the root part and the tool part.
// Values: every JSON and YAML document under test-fixtures/ (the public 0.8.0 fixtures' shapes
// among them), the benchmark's generated documents, and seeded mutants of both (a member replaced
// by a value of another type, a bad format, name or pattern input, a repeated item, a removal).
// Written as a function of its count: the fast tier runs the first cases, the thorough tier all.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { formatSchemaValidators } from '../../build/generated/formatSchemaValidators';
import {
  FORMAT_SCHEMA_PARTS,
  formatSchemaAjv,
  formatSchemaRuntime,
  type FormatSchemaValidators,
  type PrecompiledValidate,
} from '../../server/src/checker/schema/formatSchemaAjv';
import { boundedFormatDefinitions } from '../../server/src/checker/schema/boundedFormats';
import { generateDocument } from '../../bench/generate';
import { SeededRandom } from './random';
import { REPO_ROOT } from './repo';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface NamedValue {
  name: string;
  value: Json;
}

function filesUnder(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(file));
    else if (/\.(json|ya?ml)$/.test(entry.name) && !entry.name.endsWith('.expected.json')) found.push(file);
  }
  return found;
}

/** Every document of test-fixtures/ that parses as plain JSON or YAML (broken syntax is another test's matter). */
export function fixtureDocuments(): NamedValue[] {
  const documents: NamedValue[] = [];
  for (const file of filesUnder(path.join(REPO_ROOT, 'test-fixtures'))) {
    const text = fs.readFileSync(file, 'utf8');
    try {
      const value = (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 1000 })) as Json;
      documents.push({ name: path.relative(REPO_ROOT, file), value });
    } catch {
      // Not plain JSON (comments, broken syntax) or YAML the library refuses: not a value to validate.
    }
  }
  return documents;
}

/** The benchmark's documents, of each content kind it generates. */
export function generatedDocuments(): NamedValue[] {
  const documents: NamedValue[] = [];
  for (let seed = 0; seed < 3; seed++) {
    for (const shape of ['spec-like', 'base'] as const) {
      const text = generateDocument(9100 + seed, 16_000, { shape });
      documents.push({ name: `generated ${shape} ${seed}`, value: JSON.parse(text) as Json });
    }
  }
  return documents;
}

/** What a member may become: wrong types, bad formats and names, repeats, the discriminators' other values. */
function replacement(random: SeededRandom, current: Json): Json {
  switch (random.below(12)) {
    case 0:
      return null;
    case 1:
      return random.pick([0, -1, 1.5, true]);
    case 2:
      return random.pick([
        '',
        'x',
        'not a uri',
        'a@',
        'https://example.com/x',
        '2025-11-25',
        '#/components/schemas/A',
        'schemas/A',
      ]);
    case 3:
      return random.chance(0.5) ? [] : {};
    case 4:
      return [current, current];
    case 5:
      return { 'bad name': current, 'x-ok': 1, _meta: { 'a/b': 1, '-bad': 2 } };
    case 6:
      return { type: random.pick(['stdio', 'sse', 'streamable-http', 'carrier-pigeon', 'text', 'image', 'resource']) };
    case 7:
      return { $componentRef: random.pick(['#/components/schemas/A', 'elsewhere', 42]) };
    case 8:
      return random.pick<Json>([['2024-11-05', '2024-11-05'], ['2099-01-01'], '2025-06-18']);
    case 9:
      return Array.from({ length: random.pick([3, 12]) }, () => current);
    case 10:
      return { url: random.pick(['mailto:a@b', 'relative/path', 'https://x']), email: random.pick(['a@b.c', 'nope']) };
    default:
      return current !== null && typeof current === 'object' && !Array.isArray(current) ? { ...current, extra: 1 } : 'text';
  }
}

type Slot = { container: Json[] | { [key: string]: Json }; key: string | number };

/** Every object member and array element of `value` (iteratively: some fixtures nest thousands deep), up to a bound. */
function slotsOf(value: Json, limit = 100_000): Slot[] {
  const slots: Slot[] = [];
  const pending: Json[] = [value];
  while (pending.length > 0 && slots.length < limit) {
    const next = pending.pop()!;
    if (next === null || typeof next !== 'object') continue;
    for (const key of Array.isArray(next) ? next.keys() : Object.keys(next)) {
      slots.push({ container: next, key });
      pending.push((next as Record<string | number, Json>)[key]);
    }
  }
  return slots;
}

/** Case `index` of the seeded sequence: a document of `seedlings`, changed one to four times. */
export function mutant(seedlings: readonly NamedValue[], seed: number, index: number): NamedValue {
  const random = new SeededRandom((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const seedling = random.pick(seedlings);
  const value = structuredClone(seedling.value);
  const steps: string[] = [];
  for (let count = 1 + random.below(4); count > 0; count--) {
    const slots = slotsOf(value);
    if (slots.length === 0) break;
    const { container, key } = random.pick(slots);
    const current = (container as Record<string | number, Json>)[key];
    if (!Array.isArray(container) && random.chance(0.2)) {
      delete container[key as string];
      steps.push(`removed ${String(key)}`);
    } else {
      (container as Record<string | number, Json>)[key] = replacement(random, current);
      steps.push(`replaced ${String(key)}`);
    }
  }
  return { name: `${seedling.name} (seed ${seed}, case ${index}: ${steps.join(', ')})`, value };
}

export interface Validators {
  precompiled: FormatSchemaValidators;
  runtime: FormatSchemaValidators;
}

export function bothValidators(): Validators {
  // The plain side: ajv's run-time compile, its patterns safeRegExp's and its formats made at once
  // (the precompiled side's runtime makes both at first use and runs short values natively).
  const ajv = formatSchemaAjv({ ...formatSchemaRuntime(), formats: boundedFormatDefinitions() });
  return {
    precompiled: formatSchemaValidators(formatSchemaRuntime()),
    runtime: {
      root: ajv.getSchema(FORMAT_SCHEMA_PARTS.root)! as PrecompiledValidate,
      tool: ajv.getSchema(FORMAT_SCHEMA_PARTS.tool)! as PrecompiledValidate,
    },
  };
}

/** The values a document is validated as: the root (as the root part) and each tool, and the root as a tool (many errors). */
function partsOf(value: Json): Array<{ part: keyof FormatSchemaValidators; where: string; value: Json }> {
  const parts: Array<{ part: keyof FormatSchemaValidators; where: string; value: Json }> = [
    { part: 'root', where: 'the root', value },
    { part: 'tool', where: 'the root as a tool', value },
  ];
  const tools = value !== null && typeof value === 'object' && !Array.isArray(value) ? value.tools : undefined;
  if (Array.isArray(tools)) tools.forEach((tool, index) => parts.push({ part: 'tool', where: `tools[${index}]`, value: tool }));
  return parts;
}

export interface Comparison {
  /** Each disagreement, described. */
  disagreements: string[];
  /** How many validations failed (the comparison is not only of clean documents). */
  invalid: number;
  validations: number;
}

/** Validates each document's parts with both and compares the verdicts and error objects. */
export function compareValidators(validators: Validators, documents: readonly NamedValue[]): Comparison {
  const result: Comparison = { disagreements: [], invalid: 0, validations: 0 };
  for (const { name, value } of documents) {
    for (const { part, where, value: partValue } of partsOf(value)) {
      const outcome = (validate: PrecompiledValidate) => {
        const valid = validate(partValue);
        return { valid, errors: valid ? [] : structuredClone(validate.errors ?? []) };
      };
      const precompiled = outcome(validators.precompiled[part]);
      const runtime = outcome(validators.runtime[part]);
      result.validations++;
      if (!runtime.valid) result.invalid++;
      if (!isDeepStrictEqual(precompiled, runtime)) {
        result.disagreements.push(
          `${name}, ${where}: precompiled ${JSON.stringify(precompiled).slice(0, 400)} vs runtime ${JSON.stringify(runtime).slice(0, 400)}`,
        );
      }
    }
  }
  return result;
}
