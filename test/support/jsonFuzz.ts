// Inputs for the differential tests of our JSON readers against jsonc-parser (jsonTree.test.ts):
// hand-written edge cases, the fixture files, and a seeded fuzzer's token soup
// and damage.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MUTATIONS } from '../hostile/support/mutations';
import type { SeededRandom } from './random';

export const TRICKY_CASES: string[] = [
  // nothing at all
  '',
  ' ',
  '\n\r\n\t ',
  '// only a comment',
  '/* only a comment */',
  '/**/',
  '// a\n/* b */\n',
  // byte order mark (as raw text; parseJsonDocument blanks it)
  '\ufeff',
  '\ufeff{}',
  '\ufeff{"a":1}',
  ' {"a":1}',
  // plain values
  '{}',
  '[]',
  '""',
  '"a"',
  '0',
  '-0',
  '1',
  '-1',
  '1.5',
  '1e5',
  '1E+5',
  '1e-5',
  '-1.5e-300',
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
  'true',
  'false',
  'null',
  '{"a":{"b":[1,{"c":null}]}}',
  '[[[]]]',
  '[{}]',
  // trailing commas and comma trouble
  '[1,]',
  '{"a":1,}',
  '[,]',
  '{,}',
  '[,,]',
  '{,,}',
  '[1,,2]',
  '{"a":1,,"b":2}',
  '[,1]',
  '{,"a":1}',
  '[1 2]',
  '{"a":1 "b":2}',
  '[1,2,,]',
  '{"a":1,"b":2,,}',
  ',',
  '[1,]]',
  '{"a":1,}}',
  // members
  '{"a"}',
  '{"a":}',
  '{"a"',
  '{"a":',
  '{"a" 1}',
  '{"a"::1}',
  '{"a":1:2}',
  '{"a" "b":2}',
  '{"a",}',
  '{"a",,"b"}',
  '{"a":,"b":1}',
  '{1:2}',
  '{a:1}',
  '{:1}',
  '{"a":1,"a":2}',
  '{"":""}',
  '{"a":{"b"}}',
  '{"a":{"b":}',
  '{"a":[}',
  '{"a":]}',
  '{"a":}}',
  '{"a" }',
  '{"a"  ,  "b" : 1 }',
  '{ "a" /*c*/ : /*d*/ 1 /*e*/ }',
  '{"a"\n:\n1\n}',
  // unterminated
  '{',
  '[',
  '{"a":[',
  '[{',
  '[{"a":1',
  '"abc',
  '"abc\n"',
  '["abc',
  '{"abc',
  '{"a":"b',
  '/*',
  '/* x',
  '[1 /*',
  '{"a":1} /*',
  '[1, // x',
  '{"a": /*',
  '"\\',
  '"\\u12',
  '"\\u',
  '[1,2',
  '{"a":1,',
  '{"a":1,"b"',
  '[[[[',
  '{{{{',
  '{"a":{"b":{"c":',
  // strings
  '"\\x"',
  '"\\u12g4"',
  '"\\u00e9"',
  '"\\ud800"',
  '"\\udc00\\ud800"',
  '"\\"\\\\\\/\\b\\f\\n\\r\\t"',
  '"\u0000"',
  '"\u0001"',
  '"\u001f"',
  '"a\tb"',
  '"\u007f"',
  '"\u2028\u2029\u0085"',
  '"😀"',
  '"\\😀"',
  '"\\\n"',
  '{"\\x":1}',
  '{"\u0001":1}',
  // numbers and words
  '-',
  '--1',
  '-a',
  '1.',
  '1.e5',
  '01',
  '00',
  '-01',
  '1e',
  '1e+',
  '1e-',
  '1E',
  '.5',
  '+1',
  '0x1F',
  'NaN',
  'Infinity',
  '-Infinity',
  '1..2',
  '1.2.3',
  '1e5e5',
  '[-]',
  '[1.]',
  '{"a":-}',
  '{"a":1.}',
  '{"a":.5}',
  'tru',
  'nul',
  'fals',
  'True',
  'NULL',
  'undefined',
  'truefalse',
  'true1',
  'x',
  'abc def',
  '@',
  '#',
  "'a'",
  '{"a":\'b\'}',
  '/',
  '[/]',
  '{"a":/}',
  '*/',
  '\\',
  '\u0000',
  '\u00a0',
  // several values, stray closers
  '1 2',
  '{} {}',
  '[] []',
  '{}]',
  '[]}',
  ']',
  '}',
  ':',
  ']1',
  '}{',
  '][',
  '1]',
  '1}',
  '1,',
  '1:',
  '"a":1',
  '{}1',
  'null null',
  '{} // after',
  '{} /* after',
  '{} x',
  '{} "x',
  '1 /*',
  'x 1',
  'x {}',
  '/ 1',
  '1 /',
  // mismatched brackets
  '[}',
  '{]',
  '[1}',
  '{"a":1]',
  '[{]}',
  '{[}]',
  '[{"a":[}]}',
  '{"a":[1,2}',
  '[[]]]',
  '{{}}',
  '{[]}',
  '{"a":{}}}',
  // line breaks of every kind around tokens
  '{\r\n"a"\r:\n1\r\n}',
  '[1\r2]',
  '{"a":1\n"b":2}',
];

export function jsonFixtures(directory: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) found.push(...jsonFixtures(full));
    else if (/\.jsonc?$/.test(entry.name)) found.push(full);
  }
  return found.sort();
}

const SOUP: string[] = [
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"a"',
  '"key"',
  '""',
  '"',
  '"\\',
  '"\\u12',
  '"\\x"',
  '"\\n"',
  '"\u0001"',
  '"a\nb"',
  '1',
  '0',
  '-',
  '-1',
  '1.5',
  '1.',
  '1e',
  '1e+5',
  '01',
  '.5',
  '-0',
  '1e400',
  'true',
  'false',
  'null',
  'tru',
  'nul',
  'x',
  '@',
  "'",
  '\\',
  '/',
  '*',
  '//c\n',
  '/*c*/',
  '/*',
  '*/',
  ' ',
  ' ',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '\ufeff',
  '\u0000',
  '😀',
  '\ud800',
  'é',
];

export function tokenSoup(random: SeededRandom): string {
  // Half open a container first: a top-level value ends the parse at the token after it.
  const parts: string[] = random.chance(0.5) ? [random.pick(['{', '[', '{"a":', '[{'])] : [];
  for (let count = random.below(40); count > 0; count--) parts.push(random.pick(SOUP));
  return parts.join(random.chance(0.3) ? ' ' : '');
}

export interface Edit {
  name: string;
  apply(text: string, random: SeededRandom): string;
}

export const EDITS: Edit[] = [
  { name: 'truncate', apply: (text, random) => text.slice(0, random.below(text.length + 1)) },
  {
    name: 'delete a span',
    apply: (text, random) => {
      const start = random.below(text.length + 1);
      return text.slice(0, start) + text.slice(start + 1 + random.below(20));
    },
  },
  {
    name: 'insert soup',
    apply: (text, random) => {
      const at = random.below(text.length + 1);
      return text.slice(0, at) + random.pick(SOUP) + text.slice(at);
    },
  },
  {
    name: 'duplicate a span',
    apply: (text, random) => {
      const start = random.below(text.length + 1);
      const span = text.slice(start, start + 1 + random.below(40));
      return text.slice(0, start) + span + span + text.slice(start + span.length);
    },
  },
];

/** A fixture text with one to three damages (the edits above or the hostile corpus' mutations), and their names. */
export function damagedFixture(random: SeededRandom, texts: readonly string[]): { text: string; damages: string[] } {
  let text = random.pick(texts);
  const damages: string[] = [];
  for (let count = 1 + random.below(3); count > 0; count--) {
    const damage = random.chance(0.6) ? random.pick(EDITS) : random.pick(MUTATIONS);
    text = damage.apply(text, random);
    damages.push(damage.name);
  }
  return { text, damages };
}
