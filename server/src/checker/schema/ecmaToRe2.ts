// JSON Schema's `pattern` is an ECMA-262 regular expression (read with the `u` flag, as ajv reads
// it), but patterns run on RE2 for its linear time, and RE2's `\s`, `.` and friends mean other
// sets: RE2's `\s` has no U+00A0 or U+3000, its `.` matches U+2028 and a lone `\r`. So a pattern is
// parsed as ECMA-262 (by regexpp) and written out again in RE2 syntax, every class and escape as
// the explicit code point set ECMA-262 gives it and every literal as `\x{...}`, so that no RE2
// syntax of its own (`\Q`, `[[:alpha:]]`, `\pN`) can read the text another way. What RE2 cannot do
// (lookaround, backreferences) has no translation: the caller runs those natively, time-boxed.
import { RegExpParser } from '@eslint-community/regexpp';
import type { AST } from '@eslint-community/regexpp';
import { runTimeBoxed, TimeLimitError } from '../timeBudget';
import {
  complement,
  DIGITS,
  ECMA_SPACE,
  LINE_TERMINATORS,
  MAX_CODE_POINT,
  normalize,
  WORD,
  type CodePointSet,
} from './codePointSets';

/** With `u` and `i`, `\w` also holds what case-folds into it: U+017F (long s) and U+212A (Kelvin). */
const WORD_FOLDED: CodePointSet = normalize([...WORD, [0x17f, 0x17f], [0x212a, 0x212a]]);

/** Without `u`, `i` folds ASCII letters only among themselves (non-ASCII never folds into ASCII). */
function withAsciiCase(set: CodePointSet): CodePointSet {
  const extra: CodePointSet = [];
  for (const [low, high] of set) {
    for (const [from, to, shift] of [
      [0x41, 0x5a, 0x20],
      [0x61, 0x7a, -0x20],
    ]) {
      const start = Math.max(low, from);
      const end = Math.min(high, to);
      if (start <= end) extra.push([start + shift, end + shift]);
    }
  }
  return normalize([...set, ...extra]);
}

/** A pattern that needs backtracking (lookaround, backreferences): RE2 cannot run it. */
export class NoLinearTranslation extends Error {}

interface Mode {
  unicode: boolean;
  ignoreCase: boolean;
  dotAll: boolean;
}

function hex(codePoint: number): string {
  return `\\x{${codePoint.toString(16)}}`;
}

function literal(codePoint: number): string {
  const isAlphanumeric =
    (codePoint >= 0x30 && codePoint <= 0x39) ||
    (codePoint >= 0x41 && codePoint <= 0x5a) ||
    (codePoint >= 0x61 && codePoint <= 0x7a);
  return isAlphanumeric ? String.fromCharCode(codePoint) : hex(codePoint);
}

function classOf(set: CodePointSet): string {
  if (set.length === 0) return `[^${hex(0)}-${hex(MAX_CODE_POINT)}]`;
  return `[${set.map(([low, high]) => (low === high ? literal(low) : `${literal(low)}-${literal(high)}`)).join('')}]`;
}

const parser = new RegExpParser({ ecmaVersion: 2024 });

/**
 * `pattern` (ECMA-262 source, read with `flags`, of which only `u`, `i` and `s` are allowed) in
 * RE2 syntax, with the same matches. Throws SyntaxError when the pattern is no ECMA-262 regex,
 * NoLinearTranslation when it needs what RE2 does not have.
 */
export function ecmaToRe2(pattern: string, flags: string): string {
  if (/[^uis]/.test(flags)) throw new NoLinearTranslation(`flags ${flags}`);
  const mode: Mode = { unicode: flags.includes('u'), ignoreCase: flags.includes('i'), dotAll: flags.includes('s') };
  const ast = parser.parsePattern(pattern, 0, pattern.length, { unicode: mode.unicode });
  const body = alternatives(ast.alternatives, mode);
  // With `u`, RE2's Unicode case folding is ECMA-262's simple case folding; without it, ECMA-262
  // folds ASCII only, which the sets do themselves.
  return mode.ignoreCase && mode.unicode ? `(?i)${body}` : body;
}

function alternatives(list: AST.Alternative[], mode: Mode): string {
  return list.map((alternative) => alternative.elements.map((element) => elementOf(element, mode)).join('')).join('|');
}

function elementOf(element: AST.Element, mode: Mode): string {
  switch (element.type) {
    case 'Assertion':
      if (element.kind === 'start') return '^';
      if (element.kind === 'end') return '$';
      if (element.kind === 'word') {
        // RE2's \b is ASCII like ECMA-262's, except where `u` and `i` widen the word set.
        if (mode.unicode && mode.ignoreCase) throw new NoLinearTranslation('word boundary with u and i');
        return element.negate ? '\\B' : '\\b';
      }
      throw new NoLinearTranslation('lookaround');
    case 'Backreference':
      throw new NoLinearTranslation('backreference');
    case 'Quantifier': {
      const inner = elementOf(element.element, mode);
      const { min, max } = element;
      const bounds =
        max === Infinity
          ? min === 0
            ? '*'
            : min === 1
              ? '+'
              : `{${min},}`
          : min === max
            ? `{${min}}`
            : min === 0 && max === 1
              ? '?'
              : `{${min},${max}}`;
      return `(?:${inner})${bounds}`;
    }
    case 'Group':
      if (element.modifiers) throw new NoLinearTranslation('modifiers');
      return `(?:${alternatives(element.alternatives, mode)})`;
    case 'CapturingGroup':
      return `(?:${alternatives(element.alternatives, mode)})`;
    case 'Character':
      if (mode.ignoreCase && !mode.unicode) return classOf(charactersOf(element, mode));
      return literal(element.value);
    case 'CharacterSet':
    case 'CharacterClass':
    case 'ExpressionCharacterClass':
      return classOf(charactersOf(element, mode));
  }
}

/** The code points a one-character element matches. */
function charactersOf(
  element: AST.CharacterClass | AST.CharacterClassElement | AST.CharacterSet | AST.Character | AST.ExpressionCharacterClass,
  mode: Mode,
): CodePointSet {
  switch (element.type) {
    case 'Character':
      return caseClosed([[element.value, element.value]], mode);
    case 'CharacterClassRange':
      return caseClosed([[element.min.value, element.max.value]], mode);
    case 'CharacterClass': {
      if (element.unicodeSets) throw new NoLinearTranslation('v flag');
      const members = normalize(element.elements.flatMap((member) => charactersOf(member, mode)));
      return element.negate ? negated(members, mode) : members;
    }
    case 'CharacterSet': {
      if (element.kind === 'any') return mode.dotAll ? [[0, MAX_CODE_POINT]] : negated(LINE_TERMINATORS, mode);
      if (element.kind === 'property') {
        if (element.strings) throw new NoLinearTranslation('property of strings');
        const set = propertySet(element.raw.replace(/^\\P/, '\\p'));
        return element.negate ? negated(set, mode) : set;
      }
      const base =
        element.kind === 'digit'
          ? DIGITS
          : element.kind === 'space'
            ? ECMA_SPACE
            : mode.unicode && mode.ignoreCase
              ? WORD_FOLDED
              : WORD;
      return element.negate ? negated(base, mode) : base;
    }
    default:
      throw new NoLinearTranslation(element.type);
  }
}

/** Sets no case folding touches: their complement stays what it is when RE2 folds it under `(?i)`. */
const CASELESS: CodePointSet = normalize([...ECMA_SPACE, ...LINE_TERMINATORS, ...DIGITS]);

/**
 * With `i`, a negated class excludes every case variant of its members (ECMA-262 22.2.2.9). Without
 * `u` the members are closed over ASCII case already; with it RE2 folds what it is given, which is
 * right only for the complement of a caseless set, so anything else has no translation.
 */
function negated(set: CodePointSet, mode: Mode): CodePointSet {
  if (mode.ignoreCase && mode.unicode && !set.every(([low, high]) => CASELESS.some(([from, to]) => from <= low && high <= to))) {
    throw new NoLinearTranslation('negated class with u and i');
  }
  return complement(set);
}

function caseClosed(set: CodePointSet, mode: Mode): CodePointSet {
  if (!mode.ignoreCase || mode.unicode) return set;
  // ECMA-262 without `u` folds by toUpperCase; only ASCII is done here, anything else is refused.
  for (const [low, high] of set) {
    if (high >= 0x80 && (low < 0x10000 ? hasCaseVariant(low, Math.min(high, 0xffff)) : false)) {
      throw new NoLinearTranslation('case folding beyond ASCII without u');
    }
  }
  return withAsciiCase(set);
}

function hasCaseVariant(low: number, high: number): boolean {
  for (let codeUnit = Math.max(low, 0x80); codeUnit <= high; codeUnit++) {
    const text = String.fromCharCode(codeUnit);
    if (text.toUpperCase() !== text || text.toLowerCase() !== text) return true;
  }
  return false;
}

// Property escapes (\p{Script=Greek}, \p{L}) mean what the JavaScript engine's Unicode tables say,
// which RE2's tables and names need not match: the set is read off the engine itself, once.
// Reading one costs some 10-30 ms, so it is charged to the document's budget (past it, the pattern
// has no translation and runs natively, time-boxed), and the sets are kept: there are only so many
// property escapes, each under a few spellings.
const MAX_CACHED_PROPERTIES = 2048;
const propertySets = new Map<string, CodePointSet>();
let allCodePoints: string[] | undefined;

/**
 * Every code point but the surrogates, in order, in two strings: one below the surrogates, one
 * above, so that no run of matches spans them (the surrogates are tried one by one).
 */
function codePointStrings(): string[] {
  if (allCodePoints) return allCodePoints;
  const ofRange = (from: number, to: number): string => {
    const chunks: string[] = [];
    const units: number[] = [];
    for (let codePoint = from; codePoint <= to; codePoint++) {
      if (codePoint > 0xffff) units.push(0xd800 + ((codePoint - 0x10000) >> 10), 0xdc00 + ((codePoint - 0x10000) & 0x3ff));
      else units.push(codePoint);
      if (units.length >= 8192) chunks.push(String.fromCharCode(...units.splice(0)));
    }
    chunks.push(String.fromCharCode(...units));
    return chunks.join('');
  };
  allCodePoints = [ofRange(0, 0xd7ff), ofRange(0xe000, MAX_CODE_POINT)];
  return allCodePoints;
}

function propertySet(escape: string): CodePointSet {
  const known = propertySets.get(escape);
  if (known) return known;
  let result: CodePointSet;
  try {
    result = runTimeBoxed(() => readPropertySet(escape), Infinity, 'reading a Unicode property');
  } catch (error) {
    if (error instanceof TimeLimitError) throw new NoLinearTranslation('out of budget for Unicode properties');
    throw error;
  }
  if (propertySets.size >= MAX_CACHED_PROPERTIES) propertySets.delete(propertySets.keys().next().value as string);
  propertySets.set(escape, result);
  return result;
}

function readPropertySet(escape: string): CodePointSet {
  const runs = new RegExp(`${escape}+`, 'gu');
  const set: CodePointSet = [];
  for (const text of codePointStrings()) {
    for (const match of text.matchAll(runs)) {
      const run = match[0];
      const first = run.codePointAt(0)!;
      const lastUnit = run.charCodeAt(run.length - 1);
      const last = lastUnit >= 0xdc00 && lastUnit <= 0xdfff ? run.codePointAt(run.length - 2)! : lastUnit;
      set.push([first, last]);
    }
  }
  const single = new RegExp(`^${escape}$`, 'u');
  for (let surrogate = 0xd800; surrogate <= 0xdfff; surrogate++) {
    if (single.test(String.fromCharCode(surrogate))) set.push([surrogate, surrogate]);
  }
  return normalize(set);
}
