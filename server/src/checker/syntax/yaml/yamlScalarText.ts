// Writing one scalar as YAML text: plain when that reads back as the same string (in the context it
// goes to), else quoted. Every plain candidate is confirmed by the `yaml` package reading it back,
// so a string never turns into a number, a boolean, a comment or a different string.
import { parseDocument } from 'yaml';
import type { JsonValue } from '../tree';

export type QuoteStyle = 'plain' | 'single' | 'double';

/** Characters no plain or single-quoted scalar may hold (line breaks, tabs, controls, BOM, separators). */
const NEEDS_ESCAPES = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;
/** A first character that would start something other than a plain scalar. */
const INDICATOR_START = /^[-?:,[\]{}#&*!|>'"%@`]/;
/** Strings a YAML 1.1 reader (or a 1.2 one, for the first group) takes for something else. */
const NOT_A_STRING =
  /^(?:~|null|true|false|yes|no|on|off|y|n|[-+]?\.?inf|\.nan|[-+]?[0-9][0-9_:.eE+-]*|0[ox][0-9a-fA-F_]+|\d{4}-\d\d?-\d\d?.*|<<|=)$/i;
const LONGEST_PLAIN_KEY = 1024;

/** Whether `value` can be written as a plain scalar (a key when `isKey`) inside a flow collection or in block context. */
export function canBePlain(value: string, inFlow: boolean, isKey = false): boolean {
  if (value === '' || value !== value.trim() || NEEDS_ESCAPES.test(value) || INDICATOR_START.test(value)) return false;
  if (/: |:$| #/.test(value) || NOT_A_STRING.test(value)) return false;
  if (inFlow && /[,[\]{}]|:[,[\]{}]/.test(value)) return false;
  if (isKey && value.length > LONGEST_PLAIN_KEY) return false;
  const context = (inFlow ? 'f' : 'b') + (isKey ? 'k' : 'v');
  const known = plainVerdicts.get(context + value);
  if (known !== undefined) return known;
  const verdict = inFlow
    ? readsBackAs(isKey ? `{${value}: x}` : `[${value}]`, value, isKey)
    : readsBackAs(isKey ? `${value}: x` : `k: ${value}`, value, isKey);
  if (plainVerdicts.size >= MAX_PLAIN_VERDICTS) plainVerdicts.clear();
  plainVerdicts.set(context + value, verdict);
  return verdict;
}

/**
 * The read-back verdicts of strings asked about before, by context and string: fix-all writes the
 * same keys and values (`type: string`, a copied schema) thousands of times, and each read-back is a
 * `yaml` parse. A verdict depends on nothing but its key.
 */
const plainVerdicts = new Map<string, boolean>();
const MAX_PLAIN_VERDICTS = 20_000;

/** Whether `source` (a one-entry collection) holds `expected` as its only key (`isKey`) or value. */
function readsBackAs(source: string, expected: string, isKey: boolean): boolean {
  const document = parseDocument(source, { prettyErrors: false });
  if (document.errors.length > 0 || document.warnings.length > 0) return false;
  const value: unknown = document.toJS();
  if (Array.isArray(value)) return value.length === 1 && value[0] === expected;
  if (typeof value !== 'object' || value === null) return false;
  const entries = Object.entries(value);
  return entries.length === 1 && (isKey ? entries[0][0] === expected : entries[0][1] === expected);
}

export function doubleQuoted(value: string): string {
  // JSON's escapes are a subset of YAML's double-quoted ones; YAML also wants C1 controls and the
  // like escaped, which JSON.stringify leaves raw.
  return JSON.stringify(value).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function singleQuoted(value: string): string | undefined {
  return NEEDS_ESCAPES.test(value) ? undefined : `'${value.replace(/'/g, "''")}'`;
}

/** A string in the wanted style when it can be written so, else plain when safe, else double-quoted. */
export function stringText(value: string, style: QuoteStyle, inFlow: boolean, isKey = false): string {
  if (style === 'single') return singleQuoted(value) ?? doubleQuoted(value);
  if (style === 'double') return doubleQuoted(value);
  return canBePlain(value, inFlow, isKey) ? value : doubleQuoted(value);
}

/** A JSON scalar (anything but an object or array) as YAML text. */
export function scalarText(value: JsonValue, inFlow: boolean): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return '.nan';
    if (!Number.isFinite(value)) return value > 0 ? '.inf' : '-.inf';
    return String(value);
  }
  if (typeof value === 'string') return stringText(value, 'plain', inFlow);
  throw new TypeError('scalarText takes a scalar');
}

/** A key as YAML text: plain when safe, else double-quoted. */
export function keyText(key: string, inFlow: boolean): string {
  return stringText(key, 'plain', inFlow, true);
}
