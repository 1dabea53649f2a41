// One string per JSON value, so that values can be compared and used as cache keys.
import type { JsonValue } from './tree';

/** Members sorted by name; with `unorderedRequired`, the elements of every `required` array sorted too. */
export function canonicalJson(value: JsonValue, unorderedRequired = false): string {
  return write(value, unorderedRequired, false);
}

function write(value: JsonValue, unorderedRequired: boolean, sortElements: boolean): string {
  // JSON.stringify writes 1e400 (Infinity once parsed) as null: as a cache key that would give
  // {"maximum": 1e400} the compiled result of {"maximum": null}, or the other way round.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    const elements = value.map((element) => write(element, unorderedRequired, false));
    if (sortElements) elements.sort();
    return `[${elements.join(',')}]`;
  }
  const keys = Object.keys(value).sort();
  const members = keys.map(
    (key) => `${JSON.stringify(key)}:${write(value[key], unorderedRequired, unorderedRequired && key === 'required')}`,
  );
  return `{${members.join(',')}}`;
}

/** Equal as the rule defines it for requested schemas: same JSON value, ignoring member order and `required` order. */
export function sameSchema(a: JsonValue, b: JsonValue): boolean {
  return unorderedCanonical(a) === unorderedCanonical(b);
}

// A declaration's schema is compared with every step that references it: its canonical form is
// computed once, not once per step (10,000 steps against a 1 MB schema).
const unorderedCanonicals = new WeakMap<object, string>();

function unorderedCanonical(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return canonicalJson(value, true);
  let canonical = unorderedCanonicals.get(value);
  if (canonical === undefined) {
    canonical = canonicalJson(value, true);
    unorderedCanonicals.set(value, canonical);
  }
  return canonical;
}
