// One string per JSON value, so that values can be compared and used as cache keys.
import type { JsonValue } from './tree';

/** Members sorted by name; with `unorderedRequired`, the elements of every `required` array sorted too. */
export function canonicalJson(value: JsonValue, unorderedRequired = false): string {
  return write(value, unorderedRequired, false);
}

function write(value: JsonValue, unorderedRequired: boolean, sortElements: boolean): string {
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
  return canonicalJson(a, true) === canonicalJson(b, true);
}
