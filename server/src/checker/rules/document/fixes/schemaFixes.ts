// The quick-fixes of mcpdesc.document.schema, from the hint its finding carries (schemaHints.ts):
// an unknown member renamed to a defined name near it (the fix when one name alone is near), or
// moved where 0.8.0 put it (identity/memberMoves.ts); a missing required member inserted with a
// placeholder value (never the fix: the author fills it in); a value outside an enum changed to an
// allowed one near it (the fix when one alone is near). Nodes are found from the finding's pointer,
// so the fixes read the tree as it is now; each edit keeps the quoting and the comments around it.
import { itemsOf, keyNodeOf, nodeAtPointer, propertiesOf, propertyOf, stringOf, type SyntaxNode } from '../../../syntax/tree';
import { normalizeEdits } from '../../../syntax/textEdits';
import type { DocumentEditor } from '../../../syntax/editor';
import type { OffsetEdit } from '../../../types';
import type { FixPlan } from '../../fixPlan';
import { moveAt, movedProperty, moveTarget, INFO_PROTOCOL_VERSION, type MemberMove } from '../../identity/memberMoves';
import type { SchemaHint } from '../schemaHints';
import { membersOf, schemasAtPointer } from '../../../schema/formatSchema';

/** What the fixes read of a schema finding: where it is reported and its hint. */
export interface HintedFinding {
  pointer: string;
  hint?: SchemaHint;
}

export function schemaFixesFor(finding: HintedFinding, root: SyntaxNode, editor: DocumentEditor): FixPlan[] {
  const hint = finding.hint;
  if (!hint) return [];
  const slash = finding.pointer.lastIndexOf('/');
  const parent = nodeAtPointer(root, finding.pointer.slice(0, slash));
  const name = unescapeSegment(finding.pointer.slice(slash + 1));
  switch (hint.kind) {
    case 'rename':
      return renames(parent, name, hint.names, editor);
    case 'move': {
      const move = moveAt(finding.pointer);
      return move ? moveFix(root, move, editor) : [];
    }
    case 'insert':
      return insertFix(root, finding.pointer.slice(0, slash), parent, hint, editor);
    case 'change':
      return changes(nodeAtPointer(root, finding.pointer), hint, editor);
  }
}

function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function plan(title: string, isPreferred: boolean, edits: OffsetEdit[] | undefined): FixPlan[] {
  const normalized = edits && edits.length ? normalizeEdits(edits) : undefined;
  return normalized ? [{ title, isPreferred, edits: normalized }] : [];
}

/** "Rename to 'x'" for each near name the object does not have yet; the fix when one alone is near. */
function renames(object: SyntaxNode | undefined, name: string, names: readonly string[], editor: DocumentEditor): FixPlan[] {
  const property = propertyOf(object, name);
  const key = keyNodeOf(property);
  if (!property || !key || editor.isInherited?.(property)) return [];
  const free = names.filter((candidate) => !propertyOf(object, candidate));
  return free.flatMap((candidate) =>
    plan(`Rename '${name}' to '${candidate}'`, free.length === 1 && names.length === 1, editor.replaceString(key, candidate)),
  );
}

/**
 * The member moved where 0.8.0 put it, its value made what the new member holds: added to the
 * root's list (or a new list after `info`), the old member removed. Where the value has no place
 * there (a revision 0.8.0 does not know), nothing is moved: the author decides.
 */
function moveFix(root: SyntaxNode, move: MemberMove, editor: DocumentEditor): FixPlan[] {
  const old = movedProperty(root, move);
  const items = old && move.itemsOf(old.value);
  if (!old || !items || editor.isInherited?.(old)) return [];
  const title = `Move ${move.from.join('.')} to the root's ${move.to}`;
  const removal = editor.removeMember(old);
  const target = moveTarget(root, move);
  if (target === undefined) {
    const properties = propertiesOf(root);
    const after = properties.findIndex((property) => property.key.value === move.from[0]);
    return plan(title, true, [...editor.addMembers(root, [[move.to, { json: items }]], properties[after + 1]), ...removal]);
  }
  if (target.type !== 'array') return [];
  const missing = items.filter((item) => !itemsOf(target).some((present) => stringOf(present) === item));
  const added =
    missing.length > 0
      ? editor.appendElements(
          target,
          missing.map((item) => ({ json: item })),
        )
      : [];
  if (missing.length > 0 && added.length === 0) return [];
  return plan(title, true, [...added, ...removal]);
}

/**
 * The required member with its placeholder, after the object's last member. The root's
 * `protocolVersions` takes the revision a leftover `info.protocolVersion` names, when it is one.
 */
function insertFix(
  root: SyntaxNode,
  pointer: string,
  object: SyntaxNode | undefined,
  hint: Extract<SchemaHint, { kind: 'insert' }>,
  editor: DocumentEditor,
): FixPlan[] {
  if (object?.type !== 'object' || propertyOf(object, hint.name)) return [];
  // Diagnostics at one place share one finding's fixes (check.ts, entryFor): the insert is offered
  // only where it is the one member missing, so it is never shown on another member's diagnostic.
  const placed = schemasAtPointer(root, pointer);
  const missing = placed ? membersOf(placed).filter((member) => member.required && !propertyOf(object, member.name)) : [];
  if (missing.length !== 1 || missing[0].name !== hint.name) return [];
  const old = object === root && hint.name === INFO_PROTOCOL_VERSION.to ? movedProperty(root, INFO_PROTOCOL_VERSION) : undefined;
  const value = (old && INFO_PROTOCOL_VERSION.itemsOf(old.value)) ?? hint.value;
  return plan(`Add the required member '${hint.name}'`, false, editor.addMembers(object, [[hint.name, { json: value }]]));
}

/** "Change to x" for each allowed value offered; the fix when one alone is near the value written. */
function changes(node: SyntaxNode | undefined, hint: Extract<SchemaHint, { kind: 'change' }>, editor: DocumentEditor): FixPlan[] {
  if (!node || node.type === 'object' || node.type === 'array' || node.type === 'property') return [];
  const { values, near } = hint;
  return values.flatMap((value) =>
    plan(
      `Change to ${JSON.stringify(value)}`,
      near && values.length === 1 && node.type === 'string' && typeof value === 'string',
      node.type === 'string' && typeof value === 'string'
        ? editor.replaceString(node, value)
        : editor.replaceValue(node, { json: value }),
    ),
  );
}
