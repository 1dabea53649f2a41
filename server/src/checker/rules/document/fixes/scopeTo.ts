// "Scope the <owner> to …": an object's protocolVersions cut to the revisions that have what it
// uses, written where its scope is (its own list, with the comments in it kept) or given to it when
// it inherits the document's. Shared by the step and member fixes of mcpdesc.document.semantics.
import { effectiveProperties, itemsOf, memberOf, propertyOf, stringOf, type SyntaxNode } from '../../../syntax/tree';
import { normalizeEdits } from '../../../syntax/textEdits';
import { primitiveScope } from '../../../model/protocolScope';
import type { OffsetEdit } from '../../../types';
import type { DocumentEditor } from '../../../syntax/editor';
import type { FixPlan } from '../../fixPlan';

/**
 * "Scope the <owner> to …": the object's protocolVersions cut to the revisions `keeps` admits
 * (offered, not preferred: it changes what the object claims); nothing when none or all would stay.
 */
export function scopeTo(
  object: SyntaxNode,
  owner: string,
  root: SyntaxNode,
  editor: DocumentEditor,
  keeps: (revision: string) => boolean,
): FixPlan[] {
  const scope = primitiveScope(object, root)?.versions;
  if (!scope) return [];
  const kept = scope.filter(keeps);
  const dropped = scope.filter((revision) => !kept.includes(revision));
  if (kept.length === 0 || dropped.length === 0) return [];
  const title = `Scope the ${owner} to MCP ${kept.join(', ')} (drop ${dropped.join(', ')})`;
  const own = memberOf(object, 'protocolVersions');
  const ownProperty = propertyOf(object, 'protocolVersions');
  if (own?.type === 'array' && ownProperty && !editor.isInherited?.(ownProperty)) {
    // The revisions dropped go where they stand, with their commas; the rest and any comments stay.
    const earlier = itemsOf(own).filter((element) => !kept.includes(stringOf(element) ?? ''));
    const removal = editor.removeElements(own, earlier);
    if (removal.length > 0) return plan(title, false, removal);
    const elements = itemsOf(own).filter((element) => kept.includes(stringOf(element) ?? ''));
    return plan(title, false, editor.replaceValue(own, { elements: elements.map((element) => ({ copyOf: element })) }));
  }
  // The object inherits the document's scope: it gets one of its own, after its name.
  const members = [...effectiveProperties(object).values()];
  const name = propertyOf(object, 'name');
  const after = name ? members[members.indexOf(name) + 1] : members[0];
  return plan(title, false, editor.addMembers(object, [['protocolVersions', { json: kept }]], after));
}

function plan(title: string, isPreferred: boolean, edits: OffsetEdit[] | undefined): FixPlan[] {
  const normalized = edits && edits.length ? normalizeEdits(edits) : undefined;
  return normalized ? [{ title, isPreferred, edits: normalized }] : [];
}
