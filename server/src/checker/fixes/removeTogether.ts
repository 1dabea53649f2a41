// Fix-all's removals of items of one list, made as one edit. Each fix removes one item with one
// comma (or its lines), and the removals of neighbouring items share a comma or touch, so one round
// could apply only some of them: a list with 250 repeated scopes took 250 rounds (fix-all stopped
// at its round limit, and a second run changed the file again). One removal of them all, which
// gives each its own comma (removedItems.ts), leaves the same list in one round.
import type { PreferredFix } from '../check';
import type { SyntaxNode } from '../syntax/tree';
import { normalizeEdits } from '../syntax/textEdits';
import type { DocumentEditor } from '../syntax/editor';

/** `fixes` (in order) with the removals from each list merged into its first one's plan. */
export function removeTogether(fixes: PreferredFix[], editor: DocumentEditor): PreferredFix[] {
  const groups = new Map<SyntaxNode, PreferredFix[]>();
  for (const fix of fixes) {
    const removes = fix.plan.removes;
    if (!removes) continue;
    const group = groups.get(removes.array);
    if (group) group.push(fix);
    else groups.set(removes.array, [fix]);
  }
  const merged = new Map<PreferredFix, PreferredFix>();
  const absorbed = new Set<PreferredFix>();
  for (const [array, group] of groups) {
    if (group.length < 2) continue;
    const edits = editor.removeElements(
      array,
      group.map((member) => member.plan.removes!.element),
    );
    const normalized = edits.length > 0 ? normalizeEdits(edits) : undefined;
    // The editor would not remove them together (all of the list's items, say): each goes alone, as before.
    if (!normalized) continue;
    const [first, ...rest] = group;
    merged.set(first, {
      ...first,
      plan: { ...first.plan, edits: normalized },
      alsoFixes: [
        ...(first.alsoFixes ?? []),
        ...rest.flatMap(({ violation, offset, alsoFixes }) => [{ violation, offset }, ...(alsoFixes ?? [])]),
      ],
    });
    for (const member of rest) absorbed.add(member);
  }
  if (merged.size === 0) return fixes;
  return fixes.filter((fix) => !absorbed.has(fix)).map((fix) => merged.get(fix) ?? fix);
}
