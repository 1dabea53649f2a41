// The same generated content rendered as people and tools write it (issue 26: the benchmark measured
// only the shape its own generator writes). A shape is a rendering of a document value, and for two
// of them a change of the value that leaves every finding as it was:
//
//   base           JSON indented by 2 spaces; YAML in block style with no line folding (lineWidth 0)
//   yaml-folded    YAML from the `yaml` package's default stringify: long scalars folded over lines
//   yaml-block     YAML with every description as a folded block scalar (`>`) and every message as a
//                  literal one (`|`)
//   non-ascii      free text (descriptions, messages, titles, texts, prompts) with accented, CJK and
//                  emoji words (surrogate pairs) added; JSON and YAML rendered as base
//   json-minified  JSON on one line
//   json-tabs      JSON indented by tabs
//   spec-like      documents shaped like the format's public examples (spec/0.8.0/examples:
//                  info with icons, contact and license, security schemes, capabilities, tools with
//                  output schemas, examples and interaction examples, resources, templates,
//                  prompts, tags), scaled up by repeating their kinds of tools (specLike.ts); JSON
//                  indented by 2 spaces, YAML as PyYAML writes it (sequences not indented, folded)
import { Document, isScalar, stringify as stringifyYaml, visit } from 'yaml';
import type { Json, JsonObject } from './generatedTypes';

export const SHAPE_NAMES = ['base', 'yaml-folded', 'yaml-block', 'non-ascii', 'json-minified', 'json-tabs', 'spec-like'] as const;
export type ShapeName = (typeof SHAPE_NAMES)[number];
export type ShapeFormat = 'json' | 'yaml';

/** The formats each shape is rendered in. */
export const SHAPE_FORMATS: Record<ShapeName, readonly ShapeFormat[]> = {
  base: ['json', 'yaml'],
  'yaml-folded': ['yaml'],
  'yaml-block': ['yaml'],
  'non-ascii': ['json', 'yaml'],
  'json-minified': ['json'],
  'json-tabs': ['json'],
  'spec-like': ['json', 'yaml'],
};

export function isShapeName(name: string): name is ShapeName {
  return (SHAPE_NAMES as readonly string[]).includes(name);
}

export function shapeHasFormat(shape: ShapeName, format: ShapeFormat): boolean {
  return SHAPE_FORMATS[shape].includes(format);
}

/** `value` as text of `shape` in `format` (after `adaptValue`). */
export function renderShape(value: JsonObject, shape: ShapeName, format: ShapeFormat): string {
  if (!shapeHasFormat(shape, format)) throw new Error(`the ${shape} shape has no ${format} rendering`);
  if (format === 'json') {
    if (shape === 'json-minified') return JSON.stringify(value);
    if (shape === 'json-tabs') return JSON.stringify(value, null, '\t') + '\n';
    return JSON.stringify(value, null, 2) + '\n';
  }
  switch (shape) {
    case 'yaml-folded':
      return stringifyYaml(value);
    case 'yaml-block':
      return renderBlockScalars(value);
    case 'spec-like':
      return stringifyYaml(value, { indentSeq: false });
    default:
      return renderBaseYaml(value);
  }
}

/** Block style, 2-space indentation, no line folding: the benchmark's YAML before issue 26. */
export function renderBaseYaml(value: Json): string {
  return stringifyYaml(value, { indent: 2, lineWidth: 0, minContentWidth: 0 });
}

/** The value a shape renders: the base value, or for non-ascii its free text with non-ASCII words. */
export function adaptValue(value: JsonObject, shape: ShapeName): JsonObject {
  return shape === 'non-ascii' ? (withNonAscii(value, false) as JsonObject) : value;
}

function renderBlockScalars(value: JsonObject): string {
  const document = new Document(value);
  visit(document, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || !isScalar(pair.value) || typeof pair.value.value !== 'string') return;
      if (pair.key.value === 'description') pair.value.type = 'BLOCK_FOLDED';
      else if (pair.key.value === 'message') pair.value.type = 'BLOCK_LITERAL';
    },
  });
  return document.toString();
}

// ---------------------------------------------------------------------------------------------
// non-ascii: words added to free text. Only members whose text no rule reads are changed, and never
// inside an elicitation response's content (checked against the requested schema: lengths, formats).
// The change is injective (the added words are the only non-ASCII ones, so removing them gives the
// original back): texts equal before are equal after, and texts that differed still differ.

const FREE_TEXT_MEMBERS = new Set(['description', 'message', 'title', 'text', 'systemPrompt']);

const NON_ASCII_WORDS = [
  'café',
  'naïve',
  'Größe',
  'señal',
  'déjà-vu',
  'Ωμέγα',
  'привет',
  'データ',
  '検証済み',
  '中文字符',
  '한국어',
  'العربية',
  '🚀',
  '✅',
  '😀',
  '👩‍💻',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '🇯🇵',
];

function withNonAscii(value: Json, inFreeText: boolean): Json {
  if (typeof value === 'string') return inFreeText ? addNonAsciiWords(value) : value;
  if (Array.isArray(value)) return value.map((item) => withNonAscii(item, false));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  const isElicitationResponse = typeof value.action === 'string' && 'content' in value;
  for (const [key, member] of Object.entries(value)) {
    out[key] = isElicitationResponse && key === 'content' ? member : withNonAscii(member, FREE_TEXT_MEMBERS.has(key));
  }
  return out;
}

/** After every third word, one of NON_ASCII_WORDS chosen by the word (so the same text always gives the same result). */
export function addNonAsciiWords(text: string): string {
  const words = text.split(' ');
  const out: string[] = [];
  for (const [index, word] of words.entries()) {
    out.push(word);
    if (index % 3 === 1) {
      let hash = 0;
      for (let i = 0; i < word.length; i++) hash = (hash * 31 + word.charCodeAt(i)) >>> 0;
      out.push(NON_ASCII_WORDS[hash % NON_ASCII_WORDS.length]!);
    }
  }
  return out.join(' ');
}

/** `--shapes=a,b` as shape names (every shape when absent or `all`); a clear error for an unknown name. */
export function parseShapes(argument: string | undefined): ShapeName[] {
  if (argument === undefined || argument === 'all') return [...SHAPE_NAMES];
  const names = argument
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isShapeName(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(`unknown shape(s) ${unknown.join(', ') || '(none given)'}: choose from ${SHAPE_NAMES.join(', ')} or all`);
  }
  return SHAPE_NAMES.filter((shape) => names.includes(shape));
}
