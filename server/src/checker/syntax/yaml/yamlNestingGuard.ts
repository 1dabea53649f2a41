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
      if ((code === 45 /* - */ || code === 63) /* ? */ && isSeparator(text.charCodeAt(i + 1))) {
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

/**
 * The offset of the first collection nested deeper than `limit`, or undefined. Iterative: no
 * recursion; and no allocation per token (two parallel stacks), since it walks every token of
 * megabyte documents on each check.
 */
export function firstTooDeepCollection(tokens: readonly CST.Token[], limit: number): number | undefined {
  const pending: CST.Token[] = [];
  const depths: number[] = [];
  for (const token of tokens) {
    pending.push(token);
    depths.push(0);
  }
  while (pending.length > 0) {
    const token = pending.pop() as CST.Token;
    const depth = depths.pop() as number;
    switch (token.type) {
      case 'document':
        if (token.value) {
          pending.push(token.value);
          depths.push(depth);
        }
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        const inner = depth + 1;
        if (inner > limit) return token.offset;
        const items = token.items as CST.CollectionItem[];
        for (let i = 0; i < items.length; i++) {
          const item = items[i];
          // Only collections nest: scalars and aliases are not pushed.
          if (item.key && isCollection(item.key)) {
            pending.push(item.key);
            depths.push(inner);
          }
          if (item.value && isCollection(item.value)) {
            pending.push(item.value);
            depths.push(inner);
          }
        }
        break;
      }
      default:
        break;
    }
  }
  return undefined;
}

function isCollection(token: CST.Token): boolean {
  return token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection';
}
