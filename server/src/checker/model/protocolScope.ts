// Protocol scopes (MCP Description 0.8.0, Proposal 0001): a declaration applies to its own
// `protocolVersions`, else its primitive's, else the document's. An explicit declaration scope
// must be non-empty and inside its primitive's effective scope. Part of the document model: the
// declaration rule, the whole-document rules, their fixes and navigation all read scopes here.
import { memberOf, stringOf, type SyntaxNode } from '../syntax/tree';

export interface Scope {
  versions: readonly string[];
  /** Where the versions come from, for messages. */
  source: 'declaration' | 'primitive' | 'document';
}

/** The versions of a `protocolVersions` value, when it is a non-empty array of strings. */
export function versionsOf(node: SyntaxNode | undefined): string[] | undefined {
  if (node?.type !== 'array' || !node.items.length) return undefined;
  const versions: string[] = [];
  for (const element of node.items) {
    const version = stringOf(element);
    if (version === undefined) return undefined;
    versions.push(version);
  }
  return versions;
}

/** A primitive's effective scope: its own `protocolVersions`, else the document's; undefined when neither is usable. */
export function primitiveScope(primitive: SyntaxNode, root: SyntaxNode): Scope | undefined {
  const own = versionsOf(memberOf(primitive, 'protocolVersions'));
  if (own) return { versions: own, source: 'primitive' };
  return documentScope(root);
}

/** The document's scope: its root's `protocolVersions`, when usable. */
export function documentScope(root: SyntaxNode): Scope | undefined {
  const versions = versionsOf(memberOf(root, 'protocolVersions'));
  return versions ? { versions, source: 'document' } : undefined;
}

export function scopeText(scope: Scope, ownerWord: string): string {
  const where =
    scope.source === 'declaration'
      ? 'its protocolVersions'
      : scope.source === 'primitive'
        ? `the ${ownerWord}'s protocolVersions`
        : "the document's protocolVersions";
  return `${where} (${scope.versions.join(', ')})`;
}
