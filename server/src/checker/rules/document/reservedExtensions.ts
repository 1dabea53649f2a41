// Extension identifiers under an MCP-reserved prefix that the pinned catalogue does not list (or
// lists as experimental): warnings, the identifier preserved (MCP Description 0.8.0 migration guide,
// Capabilities: "warn when an MCP-reserved identifier is uncatalogued. The validator must disclose
// and pin its catalogue source, effective date, and maturity assignments"). Two places hold such
// identifiers: a server capability's `extensions` (any scope: an `extensions` member before
// a revision without extensions is warned about on its own, revisionFields.ts) and a primitive's
// `clientRequirements.extensions`, which only the revisions with extensions define.
import { effectiveProperties, keyNodeOf, memberOf, propertyOf, type SyntaxNode } from '../../syntax/tree';
import { primitiveScope } from '../../model/protocolScope';
import { readDocumentRoot } from '../../model/documentRoot';
import { PRIMITIVE_COLLECTIONS, type Primitive } from '../../model/documentModel';
import { MCP } from '../../mcp/revisions';
import { MCP_EXTENSION_CATALOGUE } from '../../mcp/extensionCatalogue';
import { pointerOf, readablePath } from './pointers';
import type { SemanticFinding } from './semanticFinding';

/**
 * Whether an identifier's prefix (what comes before its first '/', a reverse domain) has
 * `modelcontextprotocol` or `mcp` as its second label, in any case: the prefixes MCP reserves.
 * `withSlashOnly`: a clientRequirements key needs the '/' to be an extension identifier at all.
 */
export function usesReservedPrefix(identifier: string, withSlashOnly: boolean): boolean {
  const slash = identifier.indexOf('/');
  if (slash < 0 && withSlashOnly) return false;
  const labels = (slash < 0 ? identifier : identifier.slice(0, slash)).split('.');
  if (labels.length < 2) return false;
  const second = labels[1].toLowerCase();
  return second === 'modelcontextprotocol' || second === 'mcp';
}

type Maturity = 'official' | 'experimental' | 'uncatalogued';

function maturityOf(identifier: string): Maturity {
  if ((MCP_EXTENSION_CATALOGUE.official as readonly string[]).includes(identifier)) return 'official';
  if (MCP_EXTENSION_CATALOGUE.experimental.includes(identifier)) return 'experimental';
  return 'uncatalogued';
}

function reservedFindings(
  extensions: SyntaxNode,
  path: ReadonlyArray<string | number>,
  withSlashOnly: boolean,
): SemanticFinding[] {
  const findings: SemanticFinding[] = [];
  if (extensions.type !== 'object') return findings;
  const where = readablePath(pointerOf(...path));
  for (const identifier of effectiveProperties(extensions).keys()) {
    if (!usesReservedPrefix(identifier, withSlashOnly)) continue;
    const maturity = maturityOf(identifier);
    if (maturity === 'official') continue;
    const key = keyNodeOf(propertyOf(extensions, identifier))!;
    const catalogue = `the MCP extension catalogue of ${MCP_EXTENSION_CATALOGUE.effectiveDate} (${MCP_EXTENSION_CATALOGUE.source})`;
    findings.push({
      kind: maturity === 'experimental' ? 'experimental-reserved-extension-identifier' : 'unknown-reserved-extension-identifier',
      offset: key.offset,
      length: key.length,
      pointer: pointerOf(...path, identifier),
      message:
        maturity === 'experimental'
          ? `${where} names ${JSON.stringify(identifier)}, an experimental MCP extension in ${catalogue}; review its maturity before relying on it.`
          : `${where} names ${JSON.stringify(identifier)} under a prefix MCP reserves, but ${catalogue} does not list it; check its spelling and who defines it.`,
    });
  }
  return findings;
}

/** The findings of the root's capabilities. */
export function checkCapabilityExtensions(root: SyntaxNode): SemanticFinding[] {
  const findings: SemanticFinding[] = [];
  readDocumentRoot(root).capabilities.forEach((capability, index) => {
    const extensions = memberOf(capability, 'extensions');
    if (!extensions) return;
    for (const finding of reservedFindings(extensions, ['capabilities', index, 'extensions'], false)) findings.push(finding);
  });
  return findings;
}

/** The findings of a primitive's `clientRequirements.extensions`, for a scope with extensions. */
export function checkRequiredExtensions(primitive: Primitive): SemanticFinding[] {
  const extensions = memberOf(primitive.clientRequirements, 'extensions');
  const scope = primitiveScope(primitive.node, primitive.root)?.versions;
  if (!extensions || !scope?.some((revision) => MCP.has(revision, 'capability.extensions'))) return [];
  const collection = PRIMITIVE_COLLECTIONS[primitive.kind];
  return reservedFindings(extensions, [collection, primitive.index, 'clientRequirements', 'extensions'], true);
}
