// What removing several items of one comma-separated list needs whatever the syntax (JSON, JSONC,
// YAML flow sequences): which items they are, and which comma goes with each. Each removed item
// takes exactly one comma, and no two take the same one, so the list stays a list.
import { itemsOf, type SyntaxNode } from './tree';

/**
 * The indexes of `elements` among the items of `array`, ascending and once each; undefined when one
 * is not an item of it or when they are all of its items and `emptying` is not set. Items are in
 * text order, so each is found by bisection: a fix per repeated item of a 100,000-item list must
 * not scan the list each time.
 */
export function removalIndexes(array: SyntaxNode, elements: readonly SyntaxNode[], emptying = false): number[] | undefined {
  const items = itemsOf(array);
  const indexes = new Set<number>();
  for (const element of elements) {
    let low = 0;
    let high = items.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const item = items[middle];
      if (item === element) {
        found = middle;
        break;
      }
      if (item.offset < element.offset || (item.offset === element.offset && item.length < element.length)) low = middle + 1;
      else high = middle - 1;
    }
    // Items of one offset (empty YAML items, alias copies) are not told apart by where they are.
    if (found < 0) found = items.indexOf(element as (typeof items)[number]);
    if (found < 0) return undefined;
    indexes.add(found);
  }
  if (indexes.size === 0 || (indexes.size >= items.length && !emptying)) return undefined;
  return [...indexes].sort((a, b) => a - b);
}

/**
 * For each removed index (ascending), whether it takes the comma after it or the one before it. An
 * item with an item after it takes its own comma; so does every item of a run of removed items
 * that ends the list when the list ends with a trailing comma (the comma before the run then
 * becomes the trailing one). Without a trailing comma, the items of that run take the comma
 * before each of them: the last kept item then ends the list without one, as it did. When every
 * item goes, the last one has no comma to take unless it has a trailing one ('none').
 */
export function commaSides(
  indexes: readonly number[],
  itemCount: number,
  lastHasTrailingComma: boolean,
): Array<'after' | 'before' | 'none'> {
  let tailStart = itemCount;
  for (let position = indexes.length - 1; position >= 0 && indexes[position] === tailStart - 1; position--) tailStart--;
  if (tailStart === 0) return indexes.map((index) => (index < itemCount - 1 || lastHasTrailingComma ? 'after' : 'none'));
  return indexes.map((index) => (index < tailStart || lastHasTrailingComma ? 'after' : 'before'));
}
