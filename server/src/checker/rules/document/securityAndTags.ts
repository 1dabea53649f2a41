// Security requirements and tags (MCP Description 0.8.0 §7, §3): a requirement names a declared
// security scheme; its scopes are listed once, only for OAuth 2.0 and OpenID Connect schemes, and
// among the scopes a static catalogue declares (a warning, which §7.3 allows: a scope absent from
// the catalogue is not invalid; OAuth 2.0 flows declare a catalogue, OpenID Connect has none). Root tags have unique names, and a primitive's tags name root tags
// (when the root declares any). A tool's findings read that tool and the root's securitySchemes
// and tags, outside every tool.
import { effectiveProperties, itemsOf, keyNodeOf, memberOf, stringOf, type SyntaxNode } from '../../syntax/tree';
import { PRIMITIVE_COLLECTIONS, primitiveObjectsOf } from '../../model/documentModel';
import { readDocumentRoot, securitySchemeNamed, type DocumentRoot } from '../../model/documentRoot';
import { FindingCollector, type Path } from './findingCollector';
import { pointerOf, readablePath } from './pointers';
import type { SemanticFinding } from './semanticFinding';

const shown = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** The scopes the flows of an OAuth 2.0 scheme declare. */
function scopeCatalogue(scheme: SyntaxNode | undefined): Set<string> {
  const catalogue = new Set<string>();
  if (stringOf(memberOf(scheme, 'type')) !== 'oauth2') return catalogue;
  const flows = memberOf(scheme, 'flows');
  for (const flow of effectiveProperties(flows).keys()) {
    for (const scope of effectiveProperties(memberOf(memberOf(flows, flow), 'scopes')).keys()) catalogue.add(scope);
  }
  return catalogue;
}

function checkRequirements(
  document: DocumentRoot,
  security: SyntaxNode | undefined,
  path: Path,
  collected: FindingCollector,
): void {
  if (security?.type !== 'array') return;
  itemsOf(security).forEach((requirement, requirementIndex) => {
    const requirementPath = [...path, requirementIndex];
    const where = readablePath(pointerOf(...requirementPath));
    for (const [name, property] of effectiveProperties(requirement)) {
      const key = keyNodeOf(property)!;
      const scheme = securitySchemeNamed(document, name);
      if (!scheme) {
        collected.add(
          'unknown-security-scheme',
          key,
          [...requirementPath, name],
          () => `${where} names the security scheme '${shown(name)}', which securitySchemes does not declare.`,
        );
        continue;
      }
      const scopes = memberOf(requirement, name)!;
      if (scopes.type !== 'array') continue;
      const type = stringOf(memberOf(scheme, 'type'));
      const seen = new Set<string>();
      const catalogue = scopeCatalogue(scheme);
      itemsOf(scopes).forEach((element, scopeIndex) => {
        const scope = stringOf(element);
        if (scope === undefined) return;
        const scopePath = [...requirementPath, name, scopeIndex];
        if (seen.has(scope)) {
          collected.add(
            'duplicate-security-scope',
            element,
            scopePath,
            () => `${where}.${name} lists the scope '${shown(scope)}' more than once.`,
          );
        }
        seen.add(scope);
        // An OpenID Connect scheme has no static catalogue in the document: its scopes are all uncatalogued.
        if ((type === 'oauth2' || type === 'openIdConnect') && !catalogue.has(scope)) {
          collected.add('uncatalogued-oauth-scope', element, scopePath, () =>
            type === 'oauth2'
              ? `${where}.${name} requires the scope '${shown(scope)}', which none of the flows of securitySchemes.${name} declares.`
              : `${where}.${name} requires the scope '${shown(scope)}', which no static scope catalogue declares (an OpenID Connect scheme lists none).`,
          );
        }
      });
      if ((type === 'http' || type === 'apiKey') && itemsOf(scopes).length > 0) {
        collected.add(
          'non-oauth-scope-misuse',
          scopes,
          [...requirementPath, name],
          () =>
            `${where}.${name} lists scopes, but '${name}' is an ${type} scheme: only oauth2 and openIdConnect requirements list scopes (write []).`,
        );
      }
    }
  });
}

/** The tag names the root declares, or undefined when it declares none (then any tag is allowed). */
function rootTagNames(document: DocumentRoot): Set<string> | undefined {
  const names = new Set<string>();
  for (const tag of document.tags) {
    const name = stringOf(memberOf(tag, 'name'));
    if (name !== undefined) names.add(name);
  }
  return names.size > 0 ? names : undefined;
}

function checkTags(document: DocumentRoot, item: SyntaxNode, path: Path, collected: FindingCollector): void {
  const declared = rootTagNames(document);
  if (!declared) return;
  itemsOf(memberOf(item, 'tags')).forEach((element, index) => {
    const tag = stringOf(element);
    if (tag === undefined || declared.has(tag)) return;
    collected.add(
      'unknown-tag-reference',
      element,
      [...path, 'tags', index],
      () => `${readablePath(pointerOf(...path))} has the tag '${shown(tag)}', which the document's tags do not declare.`,
    );
  });
}

/** The findings outside the elements of `tools`. */
export function checkRootSecurityAndTags(root: SyntaxNode): SemanticFinding[] {
  if (root.type !== 'object') return [];
  const collected = new FindingCollector();
  const document = readDocumentRoot(root);
  checkRequirements(document, document.security, ['security'], collected);
  document.transports.forEach((transport, index) =>
    checkRequirements(document, memberOf(transport, 'security'), ['transports', index, 'security'], collected),
  );
  const seen = new Set<string>();
  document.tags.forEach((tag, index) => {
    const nameNode = memberOf(tag, 'name');
    const name = stringOf(nameNode);
    if (name === undefined) return;
    if (seen.has(name)) {
      collected.add(
        'duplicate-root-tag',
        nameNode!,
        ['tags', index, 'name'],
        () => `tags[${index}] is named '${shown(name)}', as an earlier tag is; tag names are unique.`,
      );
    }
    seen.add(name);
  });
  for (const kind of ['resource', 'resourceTemplate', 'prompt'] as const) {
    const collection = PRIMITIVE_COLLECTIONS[kind];
    // Only objects have security or tags to check.
    primitiveObjectsOf(root, kind).forEach(({ node: item, index }) => {
      checkRequirements(document, memberOf(item, 'security'), [collection, index, 'security'], collected);
      checkTags(document, item, [collection, index], collected);
    });
  }
  return collected.findings();
}

export function checkToolSecurityAndTags(root: SyntaxNode, tool: SyntaxNode, index: number): SemanticFinding[] {
  const collected = new FindingCollector();
  const document = readDocumentRoot(root);
  checkRequirements(document, memberOf(tool, 'security'), ['tools', index, 'security'], collected);
  checkTags(document, tool, ['tools', index], collected);
  return collected.findings();
}
