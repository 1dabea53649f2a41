// Following a Reference Object (`{ "$componentRef": "#/components/<namespace>/<name>" }`) to its
// final target as the official validator follows it, in a file of its own: the reference checks
// (componentReferences.ts) report what breaks a chain, the schema rule's use-site check
// (referencedSchemas.ts) holds the target to its use site's requirements.
import { memberOf, propertyOf, stringOf, type SyntaxNode } from '../../syntax/tree';
import { componentNamed } from '../../model/componentRef';
import { pointerOf, readablePath } from './pointers';
import type { SemanticFinding } from './semanticFinding';

const REFERENCE = /^#\/components\/([^/]+)\/([^/]+)$/;

/** A reference object: an object with its own `$componentRef` member. */
export function isReference(node: SyntaxNode | undefined): boolean {
  return node?.type === 'object' && propertyOf(node, '$componentRef') !== undefined;
}

/** A reference's final target (chains followed), with the pointer of the component it is. */
export interface ReferenceTarget {
  node: SyntaxNode;
  pointer: string;
}

/**
 * The value a Reference Object at `place` stands for, when its chain reaches one without a problem
 * (wrong namespace, cycle, missing target: checkToolReferences reports those): what the use site's
 * own requirements then apply to (spec §17, §9.2 "Resolution MUST occur before applying every inline
 * schema rule").
 */
export function referenceTarget(
  root: SyntaxNode,
  reference: SyntaxNode,
  namespace: string,
  place: ReadonlyArray<string | number>,
): ReferenceTarget | undefined {
  return isReference(reference) ? followReference(root, reference, namespace, place, [], []) : undefined;
}

/**
 * Follows the chain of the reference written at `place` to its final target, each problem on the
 * way (wrong namespace, cycle, missing target) pushed to `findings`, anchored at that reference.
 */
export function followReference(
  root: SyntaxNode,
  reference: SyntaxNode,
  namespace: string,
  place: ReadonlyArray<string | number>,
  passed: readonly string[],
  findings: SemanticFinding[],
): ReferenceTarget | undefined {
  // Every report of one chain is anchored at the reference written at `place`.
  const anchor = memberOf(reference, '$componentRef')!;
  const report = (kind: SemanticFinding['kind'], message: string) =>
    findings.push({
      kind,
      offset: anchor.offset,
      length: anchor.length,
      message: `${readablePath(pointerOf(...place))} ${message}`,
      pointer: pointerOf(...place),
    });
  let current = reference;
  const stack = [...passed];
  for (;;) {
    const target = stringOf(memberOf(current, '$componentRef'));
    const match = target === undefined ? null : REFERENCE.exec(target);
    if (!match) return undefined; // Not a component reference at all: the schema rule says so.
    const [, targetNamespace, name] = match;
    if (targetNamespace !== namespace) {
      report('wrong-component-namespace', `must reference #/components/${namespace}, not #/components/${targetNamespace}.`);
      return undefined;
    }
    const key = `${targetNamespace}/${name}`;
    if (stack.includes(key)) {
      report('component-reference-cycle', `is a reference that comes back to where it passed: ${[...stack, key].join(' -> ')}.`);
      return undefined;
    }
    const resolved = componentNamed(root, targetNamespace, name);
    if (resolved === undefined) {
      report('missing-component-target', `references ${JSON.stringify(target)}, which the document's components do not define.`);
      return undefined;
    }
    if (!isReference(resolved)) return { node: resolved, pointer: pointerOf('components', targetNamespace, name) };
    stack.push(key);
    current = resolved;
  }
}
