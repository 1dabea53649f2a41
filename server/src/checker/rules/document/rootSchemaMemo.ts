// The root's schema findings, remembered by what they are read from (issue 34 item 5). A check of a
// small document paid the root's validation and the wording of its findings (hints read the schema
// along the path) every time, though the root outside `tools` seldom changes between checks: the
// tools are validated one by one, and an edit inside one re-checks that tool alone. The findings of
// the root (tools taken as nulls) depend on the nodes outside the tools' elements only: their kinds,
// ranges, keys and values, which the fingerprint spells out whole, so equal fingerprints give equal
// findings. Held to the plain path by test/checker/rootSchemaMemo.test.ts.
import { checkOrNote, collectNotChecked, noteNotChecked } from '../../notChecked';
import { runCharged } from '../../timeBudget';
import { noticeAnchorOf, type SyntaxNode } from '../../syntax/tree';
import { WeightedLru } from '../../schema/weightedLru';

/**
 * What the memo keeps of a schema finding (documentSchema.ts' SchemaFinding; not imported, which
 * would make the two modules import each other): plain data, its hint the one object in it.
 */
interface Remembered {
  hint?: object;
}

/** Roots whose fingerprint is longer are not remembered: their check is linear work anyway. */
const MAX_FINGERPRINT = 64 * 1024;
/** A few documents open side by side each keep theirs. */
const memo = new WeightedLru<readonly Remembered[]>(16, 16 * MAX_FINGERPRINT);

/**
 * The nodes of the root outside the elements of `tools`, in text order, with every field a finding
 * of the root can read; undefined when the root has YAML aliases or merges (values shared between
 * nodes, not worth spelling out) or is too large to remember.
 */
export function rootFingerprint(root: SyntaxNode): string | undefined {
  const parts: string[] = [];
  let size = 0;
  const walk = (node: SyntaxNode, insideTools: boolean): boolean => {
    if (node.origin !== undefined || node.aliased) return false;
    let part = `${node.type}@${node.offset}+${node.length}`;
    switch (node.type) {
      case 'object':
        if (node.mergePairs?.length) return false;
        parts.push(`${part}{${node.properties.length}`);
        for (const property of node.properties) if (!walk(property, false)) return false;
        break;
      case 'property': {
        const key = node.key;
        parts.push(`${part}:${node.colonOffset ?? '-'}@${key.offset}+${key.length}${JSON.stringify(key.value)}`);
        if (!node.value) break;
        // The elements of the root's `tools` are validated one by one, never as part of the root.
        const tools = node.parent?.parent === undefined && key.value === 'tools' && node.value.type === 'array';
        if (!walk(node.value, tools)) return false;
        break;
      }
      case 'array':
        parts.push(`${part}[${node.items.length}`);
        if (!insideTools) for (const item of node.items) if (!walk(item, false)) return false;
        break;
      case 'string':
        part += JSON.stringify(node.value);
        parts.push(part);
        break;
      case 'number':
        parts.push(`${part}=${Object.is(node.value, -0) ? '-0' : String(node.value)}`);
        break;
      default:
        parts.push(`${part}=${String(node.value)}`);
    }
    size += parts[parts.length - 1].length + 1;
    return size <= MAX_FINGERPRINT;
  };
  return walk(root, false) ? parts.join('\n') : undefined;
}

/**
 * The root's findings through the memo: `plain` computes them (and is what runs on a miss). A result
 * with records of work not checked (the time budget) is never remembered; a remembered one is still
 * refused, as the plain path's validation would be, once the budget is spent.
 */
export function rememberedRootFindings<F extends Remembered>(root: SyntaxNode, plain: () => F[]): F[] {
  const key = rootFingerprint(root);
  if (key === undefined) return plain();
  const known = memo.get(key);
  if (known) {
    return checkOrNote(
      'document-part',
      noticeAnchorOf(root),
      () => runCharged(() => known.map((finding) => ({ ...(finding as F) }))),
      [],
    );
  }
  const { result, notChecked } = collectNotChecked(plain);
  for (const record of notChecked) noteNotChecked(record.subject, record, record.reason);
  if (notChecked.length === 0) memo.set(key, result.map(kept), key.length);
  return result;
}

/**
 * The finding as the memo keeps it: its own copy, with a frozen copy of its hint (a placeholder value
 * is an object) that every hit shares, as fixes only read hints; a write would throw, never leak.
 */
function kept(finding: Remembered): Remembered {
  return finding.hint ? { ...finding, hint: deepFrozen(structuredClone(finding.hint)) } : { ...finding };
}

function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) deepFrozen(member);
    Object.freeze(value);
  }
  return value;
}

/** Forgets every remembered root (tests). */
export function clearRootSchemaMemo(): void {
  memo.clear();
}
