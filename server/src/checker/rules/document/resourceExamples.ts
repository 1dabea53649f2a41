// Named examples of resources and resource templates (MCP Description 0.8.0 §10.4): a completed
// read result (no JSON-RPC envelope, nothing of a workflow that has not completed, resultType,
// ttlMs, cacheScope and `_meta` as every revision of the scope defines them), canonical base64
// blobs, a template example's URI an expansion of its template; and, as warnings, a result that returns no entry for the
// requested URI, or returns it with another MIME type or size than the declaration states. An
// example given by a `$componentRef` is read through it (the findings then sit on the reference).
import { itemsOf, keyNodeOf, memberOf, propertyOf, stringOf, type SyntaxNode } from '../../syntax/tree';
import { primitiveScope } from '../../model/protocolScope';
import { safeRegExp, type RegExpLike } from '../../schema/safeRegExp';
import { MCP } from '../../mcp/revisions';
import { FindingCollector, type Path } from './findingCollector';
import { pointerOf, readablePath } from './pointers';
import { templateVariables } from './uriTemplate';
import { throughComponentRefs } from '../../model/componentRef';
import { examplesOf, PRIMITIVE_COLLECTIONS, primitiveObjectsOf } from '../../model/documentModel';
import type { SemanticFinding } from './semanticFinding';
import { checkOrNote } from '../../notChecked';
import { NotCheckedError } from '../../timeBudget';

const ENVELOPE = ['jsonrpc', 'id', 'error'];
const INCOMPLETE = ['task', 'inputRequests', 'requestState'];
const CACHE_FIELDS = ['ttlMs', 'cacheScope'];
const NAMESPACE_OF: Readonly<Record<string, string>> = {
  resources: 'resourceExamples',
  resourceTemplates: 'resourceTemplateExamples',
};
const shown = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

export function checkResourceExamples(root: SyntaxNode): SemanticFinding[] {
  if (root.type !== 'object') return [];
  const collected = new FindingCollector();
  for (const kind of ['resource', 'resourceTemplate'] as const) {
    const collection = PRIMITIVE_COLLECTIONS[kind];
    primitiveObjectsOf(root, kind).forEach(({ node: owner, index: ownerIndex }) => {
      const { examplesProperty, namedExamples } = examplesOf(owner);
      // An examples map, even an empty one, is what makes the template's own validity worth a finding.
      if (examplesProperty?.value.type !== 'object') return;
      const scope = primitiveScope(owner, root)?.versions ?? [];
      const template = collection === 'resourceTemplates' ? templateOf(owner, ownerIndex, collected) : undefined;
      for (const { name, property } of namedExamples) {
        const resolved = throughComponentRefs(root, property.value, NAMESPACE_OF[collection], true);
        if (!resolved || resolved.value.type !== 'object') continue;
        const { value: example, via } = resolved;
        const path = [collection, ownerIndex, 'examples', name];
        const at = (node: SyntaxNode | undefined, fallback: SyntaxNode) => via ?? node ?? fallback;
        const exampleKey = property.key;
        const uriNode = memberOf(example, 'uri');
        const requested = collection === 'resources' ? stringOf(memberOf(owner, 'uri')) : stringOf(uriNode);
        if (template && requested !== undefined && uriNode && !matches(template, requested, at(uriNode, exampleKey))) {
          collected.add(
            'resource-template-example-invalid-expansion',
            at(uriNode, exampleKey),
            [...path, 'uri'],
            () =>
              `${readablePath(pointerOf(...path))}.uri '${shown(requested)}' is not an expansion of the template '${shown(stringOf(memberOf(owner, 'uriTemplate')) ?? '')}'.`,
          );
        }
        const result = memberOf(example, 'result');
        if (result?.type !== 'object') continue;
        const context: ExampleContext = {
          collected,
          scope,
          path: [...path, 'result'],
          resultKey: keyNodeOf(propertyOf(example, 'result'))!,
          at: (node) => at(node, exampleKey),
        };
        completedResult(result, context);
        if (requested !== undefined) contentsFor(owner, requested, result, context);
      }
    });
  }
  return collected.findings();
}

interface ExampleContext {
  collected: FindingCollector;
  scope: readonly string[];
  /** The result's path. */
  path: Path;
  /** The example's key of its result: where a member missing from the result is reported. */
  resultKey: SyntaxNode;
  at(node: SyntaxNode | undefined): SyntaxNode;
}

function completedResult(result: SyntaxNode, context: ExampleContext): void {
  const { collected, path } = context;
  const where = readablePath(pointerOf(...path));
  const key = (name: string) => keyNodeOf(propertyOf(result, name));
  for (const field of ENVELOPE) {
    if (key(field))
      collected.add(
        'resource-example-json-rpc-envelope',
        context.at(key(field)),
        [...path, field],
        () => `${where} has '${field}', a member of the JSON-RPC envelope; an example's result is the result object alone.`,
      );
  }
  for (const field of INCOMPLETE) {
    if (key(field))
      collected.add(
        'incomplete-resource-example-result',
        context.at(key(field)),
        [...path, field],
        () => `${where} has '${field}', which only a read that has not completed returns; an example shows a completed read.`,
      );
  }
  const resultType = memberOf(result, 'resultType');
  for (const revision of context.scope) {
    if (MCP.has(revision, 'result.resultType') && stringOf(resultType) !== 'complete') {
      collected.add(
        'resource-example-result-version-mismatch',
        context.at(resultType ?? context.resultKey),
        [...path, 'resultType'],
        (revisions) =>
          resultType
            ? `${where}.resultType must be 'complete' for ${revisions}.`
            : `${where} needs resultType 'complete' for ${revisions}.`,
        revision,
        'latest',
      );
    }
    if (!MCP.has(revision, 'result.resultType') && resultType) {
      collected.add(
        'resource-example-result-version-mismatch',
        context.at(key('resultType')),
        [...path, 'resultType'],
        (revisions, plural) =>
          `${where}.resultType is a member ${revisions} ${plural ? 'do' : 'does'} not define (it came with ${MCP.introducedIn('result.resultType')}).`,
        revision,
        'older',
      );
    }
    cacheFields(result, context, revision);
    if (key('_meta') && MCP.predates(revision, '_meta')) {
      collected.add(
        'resource-example-result-version-mismatch',
        context.at(key('_meta')),
        [...path, '_meta'],
        (revisions, plural) =>
          `${where}._meta is a member ${revisions} ${plural ? 'do' : 'does'} not define (it came with ${MCP.introducedIn('_meta')}).`,
        revision,
        'meta',
      );
    }
    itemsOf(memberOf(result, 'contents')).forEach((content, index) => {
      const metaKey = keyNodeOf(propertyOf(content, '_meta'));
      if (!metaKey || !MCP.predates(revision, '_meta')) return;
      collected.add(
        'resource-example-content-version-mismatch',
        context.at(metaKey),
        [...path, 'contents', index, '_meta'],
        (revisions, plural) =>
          `${where}.contents[${index}]._meta is a member ${revisions} ${plural ? 'do' : 'does'} not define (it came with ${MCP.introducedIn('_meta')}).`,
        revision,
      );
    });
  }
}

/**
 * ttlMs and cacheScope, the fields MCP's CacheableResult adds to a read result (§10.4.4): required
 * where the revision has them, absent where it has not. A missing one is reported on the example's
 * key of its result, as a missing resultType is.
 */
function cacheFields(result: SyntaxNode, context: ExampleContext, revision: string): void {
  const where = readablePath(pointerOf(...context.path));
  for (const field of CACHE_FIELDS) {
    const key = keyNodeOf(propertyOf(result, field));
    if (MCP.has(revision, 'result.cache-fields') && !key) {
      context.collected.add(
        'resource-example-cache-fields-version-mismatch',
        context.at(context.resultKey),
        [...context.path, field],
        (revisions) => `${where} needs ${field} for ${revisions}.`,
        revision,
      );
    }
    if (!MCP.has(revision, 'result.cache-fields') && key) {
      context.collected.add(
        'resource-example-cache-fields-version-mismatch',
        context.at(key),
        [...context.path, field],
        (revisions, plural) =>
          `${where}.${field} is a member ${revisions} ${plural ? 'do' : 'does'} not define (it came with ${MCP.introducedIn('result.cache-fields')}).`,
        revision,
      );
    }
  }
}

function contentsFor(owner: SyntaxNode, requested: string, result: SyntaxNode, context: ExampleContext): void {
  const { collected, path } = context;
  const where = readablePath(pointerOf(...path));
  const declaredType = stringOf(memberOf(owner, 'mimeType'));
  const declaredSize = memberOf(owner, 'size');
  let found = false;
  itemsOf(memberOf(result, 'contents')).forEach((content, index) => {
    const contentPath = [...path, 'contents', index];
    const text = stringOf(memberOf(content, 'text'));
    const blobNode = memberOf(content, 'blob');
    const blob = stringOf(blobNode);
    const blobValid = blob === undefined || isCanonicalBase64(blob);
    if (!blobValid) {
      collected.add(
        'invalid-resource-example-base64',
        context.at(blobNode),
        [...contentPath, 'blob'],
        () =>
          `${readablePath(pointerOf(...contentPath))}.blob must be canonical base64 (A–Z, a–z, 0–9, '+', '/', padded with '=' to a multiple of 4).`,
      );
    }
    if (stringOf(memberOf(content, 'uri')) !== requested) return;
    found = true;
    const typeNode = memberOf(content, 'mimeType');
    const type = stringOf(typeNode);
    if (declaredType !== undefined && type !== undefined && type !== declaredType) {
      collected.add(
        'resource-example-mime-type-mismatch',
        context.at(typeNode),
        [...contentPath, 'mimeType'],
        () =>
          `${readablePath(pointerOf(...contentPath))}.mimeType is '${shown(type)}', but the declaration says '${shown(declaredType)}'.`,
      );
    }
    if (declaredSize?.type === 'number' && typeof declaredSize.value === 'number') {
      const size = text !== undefined ? utf8Length(text) : blob !== undefined && blobValid ? base64Length(blob) : undefined;
      if (size !== undefined && size !== declaredSize.value) {
        const valueNode = memberOf(content, text !== undefined ? 'text' : 'blob');
        // The official validator points at the content; the range is its text or blob.
        collected.add(
          'resource-example-size-mismatch',
          context.at(valueNode),
          contentPath,
          () =>
            `${readablePath(pointerOf(...contentPath))} holds ${size} bytes, but the declaration's size is ${declaredSize.value}.`,
        );
      }
    }
  });
  if (!found) {
    const contentsKey = keyNodeOf(propertyOf(result, 'contents'));
    collected.add(
      'resource-example-requested-uri-not-returned',
      context.at(contentsKey ?? result),
      [...path, 'contents'],
      () =>
        `${where}.contents has no entry for the requested URI '${shown(requested)}'; say so in the description if the read returns a collection or redirects.`,
    );
  }
}

/**
 * The template's regular expression, or undefined with a finding when the template is not one, or
 * why it could not be compiled in time.
 */
function templateOf(
  owner: SyntaxNode,
  ownerIndex: number,
  collected: FindingCollector,
): RegExpLike | NotCheckedError | undefined {
  const node = memberOf(owner, 'uriTemplate');
  const template = stringOf(node);
  if (template === undefined) return undefined;
  const problem = templateVariables(template);
  if (typeof problem === 'string') {
    collected.add(
      'resource-template-example-invalid-template',
      node!,
      ['resourceTemplates', ownerIndex, 'uriTemplate'],
      () =>
        `resourceTemplates[${ownerIndex}].uriTemplate is not an RFC 6570 template (${problem}), so its examples' URIs cannot be expansions of it.`,
    );
    return undefined;
  }
  try {
    return safeRegExp(`^${templatePattern(template)}$`, 'u');
  } catch (error) {
    if (error instanceof NotCheckedError) return error;
    throw error;
  }
}

const UNRESERVED = 'A-Za-z0-9\\-._~%';
const RESERVED = `${UNRESERVED}:/?#\\[\\]@!$&'()*+,;=`;

/**
 * What an expansion of the template can be: its literal text, and per expression what its
 * operator allows (every variable may be undefined, so every expression may expand to nothing).
 * Run by a linear engine (safeRegExp): adjacent expressions cannot make it backtrack.
 */
function templatePattern(template: string): string {
  let pattern = '';
  let position = 0;
  for (const match of template.matchAll(/\{([^}]*)\}/g)) {
    pattern += escape(template.slice(position, match.index));
    const operator = match[1][0] ?? '';
    switch (operator) {
      case '+':
        pattern += `[${RESERVED}]*`;
        break;
      case '#':
        pattern += `(?:#[${RESERVED}]*)?`;
        break;
      case '.':
        pattern += `(?:\\.[${UNRESERVED},]*)?`;
        break;
      case '/':
        pattern += `(?:/[${UNRESERVED},/]*)?`;
        break;
      case ';':
        pattern += `(?:;[${UNRESERVED},;=]*)?`;
        break;
      case '?':
        pattern += `(?:\\?[${UNRESERVED},&=]*)?`;
        break;
      case '&':
        pattern += `(?:&[${UNRESERVED},&=]*)?`;
        break;
      default:
        pattern += `[${UNRESERVED},]*`;
    }
    position = match.index + match[0].length;
  }
  return pattern + escape(template.slice(position));
}

function escape(literal: string): string {
  return literal.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** Whether `uri` is an expansion of the template; not decidable in time, it is noted as not checked (and no finding made). */
function matches(template: RegExpLike | NotCheckedError, uri: string, anchor: SyntaxNode): boolean {
  return checkOrNote(
    'template-expansion',
    anchor,
    () => {
      if (template instanceof NotCheckedError) throw template;
      return template.test(uri);
    },
    true,
  );
}

function isCanonicalBase64(value: string): boolean {
  if (value.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return false;
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  const body = value.slice(0, value.length - padding);
  if (body.includes('=')) return false;
  // The bits a padded encoding leaves over must be zero, or decoding and encoding again differs.
  const last = body[body.length - 1];
  if (padding === 2) return 'AQgw'.includes(last);
  if (padding === 1) return 'AEIMQUYcgkosw048'.includes(last);
  return true;
}

function base64Length(value: string): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
