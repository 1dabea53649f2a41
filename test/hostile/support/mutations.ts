// Mutations of mcpdesc documents for the fuzzer: byte-level damage (flips, truncation, stray
// brackets, line surgery), token-level damage (swaps, duplicated members, huge numbers, wrong
// types) and the encodings editors produce (line-break styles, a BOM).
import { createScanner, parseTree, SyntaxKind, type Node } from 'jsonc-parser';
import type { SeededRandom } from '../../support/random';

export interface Mutation {
  name: string;
  apply(text: string, random: SeededRandom): string;
}

const ODD_CHARACTERS = [
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  '\\',
  '/',
  '*',
  '\n',
  '\r',
  '\r\n',
  '\t',
  ' ',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u2028',
  '\ufeff',
  '\ufffd',
  '\ud800',
  '\udc00',
  '😀',
  'é',
  '0',
  '-',
  'e',
  'x',
  'n',
  't',
];

const ODD_VALUES = [
  '1e400',
  '-1e400',
  '-0',
  '123456789012345678901234567890',
  '1e-400',
  '0.1e2',
  'null',
  'true',
  '[]',
  '{}',
  '""',
  '"accept"',
  '"decline"',
  '"url"',
  '"form"',
  '"elicitation"',
  '"__proto__"',
  '"toString"',
  '{"type":"object"}',
  '[[[[[]]]]]',
];

interface Token {
  offset: number;
  length: number;
  kind: SyntaxKind;
}

function tokens(text: string): Token[] {
  const scanner = createScanner(text, false);
  const result: Token[] = [];
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia) continue;
    result.push({ offset: scanner.getTokenOffset(), length: scanner.getTokenLength(), kind });
    if (result.length > 200_000) break;
  }
  return result;
}

function nodes(text: string): Node[] {
  const all: Node[] = [];
  let root: Node | undefined;
  try {
    root = parseTree(text, [], { allowTrailingComma: true });
  } catch {
    return all;
  }
  const pending = root ? [root] : [];
  while (pending.length > 0) {
    const node = pending.pop()!;
    all.push(node);
    for (const child of node.children ?? []) pending.push(child);
  }
  return all;
}

function splice(text: string, offset: number, length: number, insert: string): string {
  return text.slice(0, offset) + insert + text.slice(offset + length);
}

function splitLines(text: string): string[] {
  return text.split(/(?<=\r\n|\n|\r(?!\n))/);
}

export const MUTATIONS: Mutation[] = [
  {
    name: 'flip a character',
    apply: (text, random) =>
      text.length === 0 ? random.pick(ODD_CHARACTERS) : splice(text, random.below(text.length), 1, random.pick(ODD_CHARACTERS)),
  },
  {
    name: 'insert a character',
    apply: (text, random) => splice(text, random.below(text.length + 1), 0, random.pick(ODD_CHARACTERS)),
  },
  {
    name: 'truncate',
    apply: (text, random) => text.slice(0, random.below(text.length + 1)),
  },
  {
    name: 'swap two tokens',
    apply: (text, random) => {
      const all = tokens(text);
      if (all.length < 2) return text;
      let a = all[random.below(all.length)];
      let b = all[random.below(all.length)];
      if (a.offset > b.offset) [a, b] = [b, a];
      if (a.offset === b.offset) return text;
      const aText = text.slice(a.offset, a.offset + a.length);
      const bText = text.slice(b.offset, b.offset + b.length);
      return (
        text.slice(0, a.offset) + bText + text.slice(a.offset + a.length, b.offset) + aText + text.slice(b.offset + b.length)
      );
    },
  },
  {
    name: 'replace a token by another token',
    apply: (text, random) => {
      const all = tokens(text);
      if (all.length < 2) return text;
      const target = random.pick(all);
      const source = random.pick(all);
      return splice(text, target.offset, target.length, text.slice(source.offset, source.offset + source.length));
    },
  },
  {
    name: 'duplicate a member',
    apply: (text, random) => {
      const properties = nodes(text).filter((node) => node.type === 'property');
      if (properties.length === 0) return text;
      const property = random.pick(properties);
      const source = text.slice(property.offset, property.offset + property.length);
      return random.chance(0.5)
        ? splice(text, property.offset + property.length, 0, `, ${source}`)
        : splice(text, property.offset, 0, `${source}, `);
    },
  },
  {
    name: 'replace a value by an odd one',
    apply: (text, random) => {
      const values = nodes(text).filter((node) => node.type !== 'property');
      if (values.length === 0) return text;
      const value = random.pick(values);
      return splice(text, value.offset, value.length, random.pick(ODD_VALUES));
    },
  },
  {
    name: 'copy a value over another',
    apply: (text, random) => {
      const values = nodes(text).filter((node) => node.type !== 'property');
      if (values.length < 2) return text;
      const target = random.pick(values);
      const source = random.pick(values);
      return splice(text, target.offset, target.length, text.slice(source.offset, source.offset + source.length));
    },
  },
  {
    name: 'delete a line',
    apply: (text, random) => {
      const lines = splitLines(text);
      lines.splice(random.below(lines.length), 1);
      return lines.join('');
    },
  },
  {
    name: 'duplicate a line',
    apply: (text, random) => {
      const lines = splitLines(text);
      const index = random.below(lines.length);
      lines.splice(index, 0, lines[index] ?? '');
      return lines.join('');
    },
  },
  {
    name: 'insert brackets',
    apply: (text, random) => {
      const brackets = random.pick(['{', '[', '}', ']', '{}', '[]', '[{', '}]', '{"a":', '[[[[', ']]]]']);
      return splice(text, random.below(text.length + 1), 0, brackets);
    },
  },
  {
    name: 'change line breaks',
    apply: (text, random) => text.replace(/\r\n|\n|\r/g, random.pick(['\r\n', '\r', '\n'])),
  },
  {
    name: 'prepend a byte order mark',
    apply: (text) => (text.startsWith('\ufeff') ? text : `\ufeff${text}`),
  },
];
