// The members MCP Description 0.8.0 moved (spec/0.8.0/CHANGELOG.md, "Breaking"): where the old
// member stood, where its value goes, and the value it becomes there. The 0.7.0 migration
// (migration.ts) moves them when it rewrites a document; the schema rule's fixes move one that is
// still written in a 0.8.0 document (rules/document/fixes/schemaFixes.ts). One table, so both
// move the same members the same way.
import { MCP } from '../../mcp/revisions';
import { readDocumentRoot, type DocumentRoot } from '../../model/documentRoot';
import {
  memberOf,
  propertyOf,
  stringOf,
  type JsonValue,
  type MemberNode,
  type SyntaxNode,
  type ValueNode,
} from '../../syntax/tree';

export interface MemberMove {
  /** The old member's path from the root (its object's members, then its own name). */
  readonly from: readonly string[];
  /** The root member that takes its value. */
  readonly to: string;
  /** That member as the document model reads it (model/documentRoot.ts), when written. */
  targetIn(document: DocumentRoot): ValueNode | undefined;
  /** What the message says the new member is. */
  readonly describes: string;
  /**
   * The items the old value becomes in the new member's list, or undefined when it has no place
   * there (a revision 0.8.0 does not know stays for the author to see).
   */
  itemsOf(old: SyntaxNode): JsonValue[] | undefined;
}

/** `info.protocolVersion` becomes the root `protocolVersions`, a list of the MCP revisions 0.8.0 validates. */
export const INFO_PROTOCOL_VERSION: MemberMove = {
  from: ['info', 'protocolVersion'],
  to: 'protocolVersions',
  describes: 'the list of MCP revisions the document describes',
  targetIn: (document) => document.protocolVersionsNode,
  itemsOf(old) {
    const revision = stringOf(old);
    return revision !== undefined && MCP.isKnown(revision) ? [revision] : undefined;
  },
};

export const MEMBER_MOVES: readonly MemberMove[] = [INFO_PROTOCOL_VERSION];

/** The move of the member at `pointer` (a JSON pointer from the root), if 0.8.0 moved it. */
export function moveAt(pointer: string): MemberMove | undefined {
  return MEMBER_MOVES.find((move) => pointer === `/${move.from.join('/')}`);
}

/** The old member's property in `root`, if written there. */
export function movedProperty(root: SyntaxNode, move: MemberMove): MemberNode | undefined {
  let object: SyntaxNode | undefined = root;
  for (const name of move.from.slice(0, -1)) object = memberOf(object, name);
  return propertyOf(object, move.from[move.from.length - 1]);
}

/** The root member that takes the moved value, if written: read through the model, as the rules read the root. */
export function moveTarget(root: SyntaxNode, move: MemberMove): ValueNode | undefined {
  return move.targetIn(readDocumentRoot(root));
}
