// Protocol scopes across the document (MCP Description 0.8.0 §4): a transport's, a capability
// entry's or a primitive's own protocolVersions stay inside the document's; when the document lists
// transports, every revision of its scope has one; capability entries and same-identity primitives
// are protocol-scoped variants, so no two of them share a revision; and a scope with legacy
// revisions (mcp/revisions.ts) is warned about once (they are checked only in part). A tool's
// findings read that tool, the root's protocolVersions and the names and scopes of the tools
// before it (which the one-tool shortcut of incremental.ts never changes).
import { itemsOf, memberOf, stringOf, type SyntaxNode } from '../../syntax/tree';
import { documentScope, primitiveScope, versionsOf } from '../../model/protocolScope';
import { collectionOf, PRIMITIVE_COLLECTIONS, toolsArrayOf, type PrimitiveKind } from '../../model/documentModel';
import { readDocumentRoot } from '../../model/documentRoot';
import { FindingCollector, type Path } from './findingCollector';
import { MCP } from '../../mcp/revisions';
import { pointerOf, readablePath } from './pointers';
import type { SemanticFinding } from './semanticFinding';

const IDENTITY_OF: Readonly<Record<string, string>> = {
  tools: 'name',
  prompts: 'name',
  resources: 'uri',
  resourceTemplates: 'uriTemplate',
};

function rootScope(root: SyntaxNode): readonly string[] {
  return documentScope(root)?.versions ?? [];
}

function scopeOf(item: SyntaxNode, root: SyntaxNode): readonly string[] {
  return primitiveScope(item, root)?.versions ?? [];
}

/** Each revision of an item's own protocolVersions that the document's scope does not have, on its element. */
function outsideParent(root: SyntaxNode, item: SyntaxNode, path: Path, collected: FindingCollector): void {
  const own = memberOf(item, 'protocolVersions');
  if (!versionsOf(own)) return;
  const parent = rootScope(root);
  if (parent.length === 0) return;
  itemsOf(own).forEach((element, index) => {
    const version = stringOf(element)!;
    if (parent.includes(version)) return;
    // The official validator points at the list and names the version; the range is the version.
    collected.add(
      'protocol-scope-outside-parent',
      element,
      [...path, 'protocolVersions'],
      () =>
        `${readablePath(pointerOf(...path))}.protocolVersions has ${version}, which the document's protocolVersions (${parent.join(', ')}) do not; a scope stays inside its parent's.`,
      '',
      String(index),
    );
  });
}

/** Where an overlap is reported: the later item's own protocolVersions, else what identifies it. */
function overlapAnchor(item: SyntaxNode, identity: string | undefined): { node: SyntaxNode; relative: Path } {
  const own = memberOf(item, 'protocolVersions');
  if (own) return { node: own, relative: ['protocolVersions'] };
  const identifier = identity ? memberOf(item, identity) : undefined;
  return identifier ? { node: identifier, relative: [identity!] } : { node: item, relative: [] };
}

export function checkRootScopes(root: SyntaxNode): SemanticFinding[] {
  if (root.type !== 'object') return [];
  const collected = new FindingCollector();
  const document = readDocumentRoot(root);
  const scope = rootScope(root);
  const legacy = scope.filter((revision) => MCP.predates(revision, 'semantics.complete'));
  if (legacy.length > 0) {
    collected.add(
      'legacy-protocol-validation-incomplete',
      document.protocolVersionsNode!,
      ['protocolVersions'],
      () =>
        `MCP ${legacy.join(' and ')} ${legacy.length > 1 ? 'are legacy revisions' : 'is a legacy revision'}: the document is checked against ${legacy.length > 1 ? 'them' : 'it'} for structure and selected rules only, not for complete conformance to MCP.`,
    );
  }
  if (document.listsTransports) {
    const covered = new Set<string>();
    document.transports.forEach((transport, index) => {
      outsideParent(root, transport, ['transports', index], collected);
      for (const version of scopeOf(transport, root)) covered.add(version);
    });
    document.protocolVersionElements.forEach((element, index) => {
      const version = stringOf(element);
      if (version === undefined || covered.has(version)) return;
      // The official validator points at the root's list and names the version; the range is the version.
      collected.add(
        'transport-coverage-gap',
        element,
        ['protocolVersions'],
        () =>
          `The document applies to MCP ${version}, but none of its transports does; add a transport for it, or widen a transport's protocolVersions.`,
        '',
        String(index),
      );
    });
  }
  const capabilities = document.capabilities;
  capabilities.forEach((capability, index) => {
    outsideParent(root, capability, ['capabilities', index], collected);
    // On the earlier entry of each overlapping pair, as the official validator reports it (its
    // pointer is that entry's protocolVersions, written or not); primitives are reported on the later.
    const scope = scopeOf(capability, root);
    for (let later = index + 1; later < capabilities.length; later++) {
      const shared = scopeOf(capabilities[later], root).filter((version) => scope.includes(version));
      if (shared.length === 0) continue;
      const { node } = overlapAnchor(capability, undefined);
      collected.add(
        'capability-scope-overlap',
        node,
        ['capabilities', index, 'protocolVersions'],
        () =>
          `capabilities[${index}] and capabilities[${later}] both apply to MCP ${shared.join(', ')}; capability entries are protocol-scoped variants, at most one per revision.`,
        '',
        String(later),
      );
    }
  });
  for (const kind of ['resource', 'resourceTemplate', 'prompt'] as const) checkPrimitiveScopes(root, kind, collected);
  return collected.findings();
}

function checkPrimitiveScopes(root: SyntaxNode, kind: PrimitiveKind, collected: FindingCollector): void {
  const array = collectionOf(root, kind);
  array?.items.forEach((_item, index) => itemScopes(root, PRIMITIVE_COLLECTIONS[kind], array, index, collected));
}

/**
 * Per array of primitives, the indexes of the elements of each identity, built once: every element
 * asks for those before it, and a scan per element would make 10,000 tools cost 50 million reads.
 * Valid while the array's identities stay as they are (the one-tool shortcut never changes one).
 */
const indexesByIdentity = new WeakMap<SyntaxNode, Map<string, number[]>>();

function sameIdentity(array: SyntaxNode, identity: string, identifier: string): readonly number[] {
  let byIdentity = indexesByIdentity.get(array);
  if (!byIdentity) {
    byIdentity = new Map();
    itemsOf(array).forEach((element, index) => {
      const name = stringOf(memberOf(element, identity));
      if (name === undefined) return;
      const indexes = byIdentity!.get(name);
      if (indexes) indexes.push(index);
      else byIdentity!.set(name, [index]);
    });
    indexesByIdentity.set(array, byIdentity);
  }
  return byIdentity.get(identifier) ?? [];
}

function itemScopes(root: SyntaxNode, collection: string, array: SyntaxNode, index: number, collected: FindingCollector): void {
  const items = itemsOf(array);
  const item = items[index];
  if (item.type !== 'object') return;
  outsideParent(root, item, [collection, index], collected);
  const identity = IDENTITY_OF[collection];
  const identifier = stringOf(memberOf(item, identity));
  if (identifier === undefined) return;
  const scope = scopeOf(item, root);
  for (const earlier of sameIdentity(array, identity, identifier)) {
    if (earlier >= index) break;
    const shared = scopeOf(items[earlier], root).filter((version) => scope.includes(version));
    if (shared.length === 0) continue;
    const { node, relative } = overlapAnchor(item, identity);
    const shown = identifier.length > 80 ? `${identifier.slice(0, 79)}…` : identifier;
    collected.add(
      'primitive-scope-overlap',
      node,
      [collection, index, ...relative],
      () =>
        `${collection}[${index}] and ${collection}[${earlier}] are both '${shown}' for MCP ${shared.join(', ')}; variants of one ${collection === 'resourceTemplates' ? 'resource template' : collection.replace(/s$/, '')} need disjoint protocolVersions.`,
      '',
      String(earlier),
    );
  }
}

/** The scope findings of the tool `index` (its own scope, and its overlap with the tools before it). */
export function checkToolScopes(root: SyntaxNode, index: number): SemanticFinding[] {
  const collected = new FindingCollector();
  const tools = toolsArrayOf(root);
  if (tools) itemScopes(root, 'tools', tools, index, collected);
  return collected.findings();
}
