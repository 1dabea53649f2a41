// JSON and JSONC as the checker reads them: jsonc-parser's scanner builds the tree (json/) and
// finds the comments, the fixes edit with JsonEditor, and an edit strictly inside one element of
// `tools` re-parses that element's text alone.
import { detachedSlice } from './detachedString';
import { jsonComments, jsonLineSpanningTokens } from './json/jsonComments';
import { JsonEditor } from './json/jsonEditor';
import { parseJsonDocument } from './json/jsonDocument';
import { buildJsonTree } from './json/jsonTree';
import { rootObjectHasMember } from './json/rootMember';
import { strictJsonErrors } from './json/strictJson';
import type { SyntaxNode } from './tree';
import { childrenOf, type ObjectNode } from './tree';
import { growNode, moveNode, shiftSubtree } from './nodePositions';
import type { OwedShifts } from './owedShifts';
import type { ChangeSpan, Syntax } from './syntax';

export const jsonSyntax: Syntax = {
  parse: parseJsonDocument,
  editor: (text, formatting) => new JsonEditor(text, formatting),
  hasMcpdescRoot: jsonHasMcpdescRoot,
  allowsToolEdits: () => true,
  toolHolding: elementContaining,
  reparseTool: (_oldText, newText, elements, index, change) =>
    reparsedJsonTool(newText, elements[index], change.newLength - change.length),
  placeTool: (replacement, delta, _change, owed) => growAncestorsAndShiftFollowers(replacement, delta, owed),
  comments: jsonComments,
  strictErrors: strictJsonErrors,
  lineCommentMarker: '//',
  lineSpanningTokens: jsonLineSpanningTokens,
  commentLinesBesideSyntaxErrors: true,
  writing: { itemsOnDashLines: false, stringQuote: '"', membersOnIndentedLines: false, keyText: (name) => JSON.stringify(name) },
  valueSourceText: (text) => text,
  keyWithoutColonBreaksParse: true,
};

function jsonHasMcpdescRoot(text: string): boolean {
  try {
    const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
    const fromTokens = rootObjectHasMember(source, 'mcpdesc');
    if (fromTokens !== undefined) return fromTokens;
    // Broken before the answer: which members the root has is what the parser's recovery makes of it.
    const root = buildJsonTree(source).root;
    return !!root && root.type === 'object' && root.properties.some((property) => property.key.value === 'mcpdesc');
  } catch {
    return false;
  }
}

/** Index of the element of `elements` that contains the change strictly inside its brackets, or -1. */
function elementContaining(elements: readonly SyntaxNode[], change: ChangeSpan): number {
  let low = 0;
  let high = elements.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const element = elements[mid];
    if (change.offset <= element.offset) high = mid - 1;
    else if (change.offset >= element.offset + element.length) low = mid + 1;
    else {
      const insideEnd = element.offset + element.length - 1;
      return change.offset > element.offset && change.offset + change.length <= insideEnd ? mid : -1;
    }
  }
  return -1;
}

/** The element re-parsed from its new text alone, if it is still exactly one well-formed object spanning the same boundaries. */
function reparsedJsonTool(newText: string, old: SyntaxNode, delta: number): ObjectNode | undefined {
  const source = detachedSlice(newText, old.offset, old.offset + old.length + delta);
  const { root: replacement, errors } = buildJsonTree(source);
  if (
    errors.length > 0 ||
    !replacement ||
    replacement.type !== 'object' ||
    replacement.offset !== 0 ||
    replacement.length !== source.length
  ) {
    return undefined;
  }
  shiftSubtree(replacement, old.offset);
  return replacement;
}

/**
 * `node` (already in place) replaced an element of `tools` that was `delta` characters shorter:
 * every ancestor grows by `delta`, and every node that starts after it moves by `delta` (the
 * insides of the tools after it when the tree is read, through `owed`).
 */
function growAncestorsAndShiftFollowers(node: SyntaxNode, delta: number, owed: OwedShifts): void {
  if (delta === 0) return;
  const tools = node.parent;
  for (let child: SyntaxNode = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    growNode(parent, delta);
    for (const sibling of childrenOf(parent)) {
      if (sibling.offset <= child.offset) continue;
      if (parent === tools) {
        moveNode(sibling, delta);
        owed.add(sibling, delta);
      } else {
        shiftSubtree(sibling, delta);
      }
    }
  }
}
