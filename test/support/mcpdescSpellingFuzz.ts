// The differential of the recognition sniff by an escaped root key (test/checker/mcpdescSpelling.test.ts,
// all of it in mcpdescSpelling.thorough.test.ts): seeded texts full of escaped spellings of `mcpdesc`
// and near misses, where the sniff (hasMcpdescRoot, its cheap pre-check maySpellMcpdesc included) must
// answer what "parse the whole text and look at the unescaped root keys" answers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hasMcpdescRoot } from '../../server/src/checker';
import { maySpellMcpdesc } from '../../server/src/checker/syntax/mcpdescSpelling';
import { buildJsonTree } from '../../server/src/checker/syntax/json/jsonTree';
import { isYamlMcpdescRoot, parseYamlDocuments } from '../../server/src/checker/syntax/yaml';
import { SeededRandom } from './random';

/** The slow path, with no shortcut: the whole text parsed, the root keys as the parser unescapes them. */
function rootHasMcpdescByFullParse(text: string, format: 'json' | 'yaml'): boolean {
  if (format === 'yaml') return parseYamlDocuments(text).documents.some((document) => isYamlMcpdescRoot(document.root));
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  let root;
  try {
    root = buildJsonTree(source).root;
  } catch {
    return false; // what the sniff answers for a text too deep to parse
  }
  return !!root && root.type === 'object' && root.properties.some((property) => property.key.value === 'mcpdesc');
}

/** Spellings of a key that is `mcpdesc` (or, with `near`, one that is not), in one format. */
function spelledKey(random: SeededRandom, format: 'json' | 'yaml', near: boolean): string {
  let word = 'mcpdesc';
  if (near) {
    word = random.pick([
      () => word.slice(0, random.int(1, 6)), // cut short
      () => `${word}${random.pick(['x', 's', '_', ' '])}`,
      () => word.replace(random.pick(Array.from(word)), random.pick(['M', 'C', 'P', 'D', 'E', 'S', 'x'])),
    ])();
  }
  const letters = Array.from(word).map((letter) => {
    if (!random.chance(0.35)) return letter;
    const code = letter.charCodeAt(0).toString(16).padStart(2, '0');
    const hex = random.chance(0.5) ? code : code.toUpperCase();
    if (format === 'json') {
      return random.weighted<string>([
        [`\\u00${hex}`, 6],
        [`\\\\u00${hex}`, 1], // an escaped backslash, then the letters as written
        [`${letter}\\${random.pick(['q', 'x', 'a', ' '])}`, 1], // a broken escape the tolerant parse drops
        [`${letter}\\u${hex.slice(0, random.int(0, 1))}`, 1], // a broken \u, also dropped
      ]);
    }
    return random.weighted<string>([
      [`\\x${hex}`, 4],
      [`\\u00${hex}`, 3],
      [`\\U000000${hex}`, 2],
      [`${letter}\\${random.pick(['\n', '\r\n'])}${' '.repeat(random.int(0, 3))}`, 2], // an escaped line break
      [`\\\\x${hex}`, 1],
    ]);
  });
  return `"${letters.join('')}"`;
}

function plainYamlKey(random: SeededRandom): string {
  return random.pick(['mcpdesc', "'mcpdesc'", '? mcpdesc\n', "'mcp''desc'", 'mcp desc', "'\\x6Dcpdesc'", '\\u006dcpdesc']);
}

/** A harmless decoy member: escapes that cannot spell the word, or the word where it does not count. */
function decoy(random: SeededRandom, format: 'json' | 'yaml'): [string, string] {
  return random.pick<[string, string]>([
    ['"path"', format === 'json' ? '"C:\\\\Users\\\\me\\\\x\\\\u006d"' : '"C:\\\\Users\\\\me"'],
    ['"note"', '"line\\nbreak\\t\\"quoted\\" \\u00e9\\ud83d\\ude00"'],
    ['"description"', `"${random.pick(['an mcpdesc tool', 'the \\u006dcpdesc format', 'plain'])}"`],
    ['"info"', format === 'json' ? '{ "\\u006dcpdesc": "nested" }' : '{ "\\x6Dcpdesc": nested }'],
    ['"n"', '1'],
  ]);
}

function jsonDocument(random: SeededRandom): string {
  const members: string[] = [];
  for (let i = random.int(0, 4); i > 0; i--) {
    const [key, value] = random.chance(0.5) ? decoy(random, 'json') : [spelledKey(random, 'json', random.chance(0.5)), '"0.8.0"'];
    members.push(`${key}: ${value}`);
  }
  const text = `{ ${members.join(', ')} }`;
  return random.chance(0.15) ? `[${text}]` : text;
}

function yamlDocument(random: SeededRandom): string {
  const lines: string[] = [];
  for (let i = random.int(0, 4); i > 0; i--) {
    if (random.chance(0.4)) {
      const [key, value] = decoy(random, 'yaml');
      lines.push(`${key}: ${value}`);
    } else if (random.chance(0.2)) {
      lines.push(`${plainYamlKey(random)}: 0.8.0`);
    } else {
      const key = spelledKey(random, 'yaml', random.chance(0.5));
      // A key spanning lines must be explicit (`? key`); an implicit one would be an error.
      lines.push(key.includes('\n') || random.chance(0.2) ? `? ${key}\n: 0.8.0` : `${key}: 0.8.0`);
    }
  }
  const body = `${lines.join('\n')}\n`;
  if (random.chance(0.15)) return `other: 1\n---\n${body}`;
  if (random.chance(0.1)) return `- ${body.replace(/\n(?=.)/g, '\n  ')}`;
  return body;
}

/** Damage that a half-typed document has: a character removed, doubled or replaced. */
function damaged(random: SeededRandom, text: string): string {
  if (text.length === 0 || !random.chance(0.3)) return text;
  const at = random.below(text.length);
  return random.pick([
    () => text.slice(0, at) + text.slice(at + 1),
    () => text.slice(0, at) + text[at] + text.slice(at),
    () => text.slice(0, at) + random.pick(['\\', '"', '{', '}', ':', ',', '\n', 'u', '0']) + text.slice(at + 1),
  ])();
}

/**
 * Registers the differential over `defaultIterations` texts per format; the sequence is the seed's,
 * so a smaller count runs its first texts. Another seed or count: MCPDESC_SPELLING_SEED,
 * MCPDESC_SPELLING_ITERATIONS.
 */
export function sniffAgreesWithFullParse(defaultIterations: number): void {
  const SEED = Number(process.env.MCPDESC_SPELLING_SEED ?? 20240614);
  const ITERATIONS = Number(process.env.MCPDESC_SPELLING_ITERATIONS ?? defaultIterations);
  describe('the sniff answers what the full parse answers (differential, seeded)', () => {
    for (const format of ['json', 'yaml'] as const) {
      it(`${format}: ${ITERATIONS} texts with escaped spellings, near misses and damage (seed ${SEED})`, () => {
        const random = new SeededRandom(SEED + (format === 'yaml' ? 1 : 0));
        let recognized = 0;
        let notByPlainSpelling = 0;
        for (let i = 0; i < ITERATIONS; i++) {
          const text = damaged(random, format === 'json' ? jsonDocument(random) : yamlDocument(random));
          const expected = rootHasMcpdescByFullParse(text, format);
          const context = `seed ${SEED}, iteration ${i}: ${JSON.stringify(text)}`;
          if (expected) assert.ok(maySpellMcpdesc(text), `the pre-check said no to an mcpdesc document\n${context}`);
          assert.equal(hasMcpdescRoot(text, format), expected, context);
          if (expected) recognized++;
          if (expected && !text.includes('mcpdesc')) notByPlainSpelling++;
        }
        // The generator must exercise what it is for: documents found only through their escapes.
        assert.ok(recognized > ITERATIONS / 10, `only ${recognized} recognized documents`);
        assert.ok(notByPlainSpelling > ITERATIONS / 20, `only ${notByPlainSpelling} documents spelled with escapes only`);
      });
    }
  });
}
