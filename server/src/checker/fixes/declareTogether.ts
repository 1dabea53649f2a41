// Fix-all's "Declare elicitation" fixes of one tool, made as one append. Each appends to the end of
// the tool's `elicitations`, so any two of them touch and one round could apply only the first: a
// tool with 30 unknown names would take 30 rounds, each a whole check. One append of them all, in
// the order the rounds would have added them, writes the same text in one round.
//
// A name is left to a later round (where its own fix is planned again) when that round would plan
// something else for it: when an earlier declared name of the same mode is within PREFER_CHANGE_WITHIN
// of it, "Change to" that name becomes its preferred fix. Repeats of a name are left as they are: their
// plans are the first one's, so they touch it and the round drops them, as it always did.
import type { PreferredFix } from '../check';
import type { DocumentEditor } from '../syntax/editor';
import { editDistance } from '../rules/editDistance';
import { normalizeEdits } from '../syntax/textEdits';
import { declarationEdits, PREFER_CHANGE_WITHIN, type PlannedDeclaration } from './quickFixes';

/** `fixes` (in order) with the declarations of each tool merged into its first one's plan. */
export function declareTogether(fixes: PreferredFix[], editor: DocumentEditor): PreferredFix[] {
  const groups = new Map<PlannedDeclaration['tool'], PreferredFix[]>();
  for (const fix of fixes) {
    const declares = fix.plan.declares;
    if (!declares) continue;
    const group = groups.get(declares.tool);
    if (!group) {
      groups.set(declares.tool, [fix]);
      continue;
    }
    const declared = group.map((member) => member.plan.declares!);
    if (declared.some((earlier) => earlier.name === declares.name)) continue;
    if (
      declared.some(
        (earlier) => earlier.mode === declares.mode && editDistance(earlier.name, declares.name) <= PREFER_CHANGE_WITHIN,
      )
    )
      continue;
    group.push(fix);
  }
  const merged = new Map<PreferredFix, PreferredFix>();
  const absorbed = new Set<PreferredFix>();
  for (const [tool, group] of groups) {
    if (group.length < 2) continue;
    const edits = declarationEdits(
      tool,
      group.map((member) => member.plan.declares!.element),
      editor,
    );
    const normalized = edits && edits.length > 0 ? normalizeEdits(edits) : undefined;
    // The editor would not write them together: each goes alone, round after round, as before.
    if (!normalized) continue;
    const [first, ...rest] = group;
    merged.set(first, {
      ...first,
      plan: { ...first.plan, edits: normalized },
      alsoFixes: rest.map(({ violation, offset }) => ({ violation, offset })),
    });
    for (const member of rest) absorbed.add(member);
  }
  if (merged.size === 0) return fixes;
  return fixes.filter((fix) => !absorbed.has(fix)).map((fix) => merged.get(fix) ?? fix);
}
