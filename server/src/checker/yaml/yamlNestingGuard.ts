// How deep the collections of a YAML token stream nest, measured before the `yaml` package composes
// it. Composing recurses once per level; near the stack limit V8 can abort the whole process (a
// regular expression compiled there fails with a fatal "out of memory" instead of a RangeError),
// so documents nested deeper than a checker ever needs are refused before that point.
import type { CST } from 'yaml';

/** Far beyond any real description (they nest a few dozen levels), far below the stack limit. */
export const MAX_NESTING_DEPTH = 256;

/**
 * The `yaml` parser itself slows down quadratically on some absurd nesting (`- - - - ...`), so a
 * cheap look at the text turns those away first. Counting brackets without knowing which are inside
 * strings or comments can overestimate, hence a limit far above MAX_NESTING_DEPTH: only text no
 * description could be trips it; the exact check on the parsed tokens does the rest.
 */
export const ABSURD_TEXT_NESTING = 10_000;

/** The offset where the text's apparent nesting passes `limit`, or undefined. One pass, no allocation. */
export function firstAbsurdNesting(text: string, limit: number): number | undefined {
  let brackets = 0;
  let atLineStart = true;
  let compactIndicators = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) {
      atLineStart = true;
      compactIndicators = 0;
      continue;
    }
    if (code === 91 /* [ */ || code === 123 /* { */) {
      if (++brackets > limit) return i;
    } else if (code === 93 /* ] */ || code === 125 /* } */) {
      if (brackets > 0) brackets--;
    }
    if (atLineStart) {
      // Leading `- ` and `? ` indicators each open a block collection on the same line.
      if ((code === 45 /* - */ || code === 63 /* ? */) && isSeparator(text.charCodeAt(i + 1))) {
        if (++compactIndicators > limit) return i;
      } else if (!isSeparator(code)) {
        atLineStart = false;
      }
    }
  }
  return undefined;
}

function isSeparator(code: number): boolean {
  return code === 32 || code === 9;
}

/** The offset of the first collection nested deeper than `limit`, or undefined. Iterative: no recursion. */
export function firstTooDeepCollection(tokens: readonly CST.Token[], limit: number): number | undefined {
  const pending: Array<{ token: CST.Token; depth: number }> = [];
  for (const token of tokens) pending.push({ token, depth: 0 });
  while (pending.length > 0) {
    const { token, depth } = pending.pop() as { token: CST.Token; depth: number };
    switch (token.type) {
      case 'document':
        if (token.value) pending.push({ token: token.value, depth });
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        const inner = depth + 1;
        if (inner > limit) return token.offset;
        for (const item of token.items as CST.CollectionItem[]) {
          if (item.key) pending.push({ token: item.key, depth: inner });
          if (item.value) pending.push({ token: item.value, depth: inner });
        }
        break;
      }
      default:
        break;
    }
  }
  return undefined;
}
