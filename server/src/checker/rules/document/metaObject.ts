// One `_meta` object's findings (MCP's general fields): every key well-formed, the keys MCP
// reserves used where and as the revisions of the scope define them, and an unknown key under an
// MCP-reserved prefix warned about. Legacy revisions (those MCP Description does not check
// completely, mcp/revisions.ts) have their `_meta` keys left unjudged (the official validator's
// reading; they get one legacy warning on the document's scope instead). In a file of its own: the
// primitives' `_meta` (metaKeys.ts) and the tools' example results (toolExamples.ts) both check them.
import { effectiveProperties, keyNodeOf, memberOf, propertyOf, stringOf, type SyntaxNode } from '../../syntax/tree';
import { FindingCollector, type Path } from './findingCollector';
import { MCP } from '../../mcp/revisions';
import { pointerOf, readablePath } from './pointers';

/** Where a `_meta` object sits, which decides the reserved keys it may hold. */
export type MetaContext = 'declaration' | 'result' | 'content';

// An optional prefix of dot-separated labels (a letter first, a letter or digit last, hyphens
// between) ending in '/', then a name that is empty or starts and ends with a letter or digit.
const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const META_KEY = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*/)?(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$`);

const RESERVED_LABELS = new Set(['modelcontextprotocol', 'mcp']);
const LOG_LEVELS = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);

function isReservedPrefix(key: string, revision: string): boolean {
  const slash = key.indexOf('/');
  if (slash < 0) return false;
  const labels = key
    .slice(0, slash)
    .split('.')
    .map((label) => label.toLowerCase());
  // The first revision with `_meta` reserved any label but the last one; later revisions reserve the second label.
  if (MCP.has(revision, 'meta.reserved-prefix-any-label')) return labels.slice(0, -1).some((label) => RESERVED_LABELS.has(label));
  return labels.length >= 2 && RESERVED_LABELS.has(labels[1]);
}

const isObject = (node: SyntaxNode | undefined) => node?.type === 'object';
const isImplementation = (node: SyntaxNode) =>
  isObject(node) && stringOf(memberOf(node, 'name')) !== undefined && stringOf(memberOf(node, 'version')) !== undefined;

interface ReservedKey {
  /** The contexts it is defined in (of those a description has: none for request-only keys). */
  contexts: readonly MetaContext[];
  where: string;
  valid(value: SyntaxNode): boolean;
  expected: string;
}

/** A key MCP reserves and defines in `revision`, or undefined. */
function reservedKey(key: string, revision: string): ReservedKey | undefined {
  const requestOnly = (valid: (value: SyntaxNode) => boolean, expected: string): ReservedKey => ({
    contexts: [],
    where: 'requests',
    valid,
    expected,
  });
  if (key === 'progressToken' && MCP.has(revision, '_meta')) {
    return requestOnly((value) => value.type === 'string' || value.type === 'number', 'a string or a number');
  }
  if (key === 'io.modelcontextprotocol/related-task' && MCP.has(revision, 'tasks')) {
    return {
      contexts: ['result'],
      where: 'results',
      valid: (value) => isObject(value) && stringOf(memberOf(value, 'taskId')) !== undefined,
      expected: 'an object with a string taskId',
    };
  }
  if (!MCP.has(revision, 'meta.protocol-keys')) return undefined;
  switch (key) {
    case 'io.modelcontextprotocol/serverInfo':
      return {
        contexts: ['result'],
        where: 'results',
        valid: isImplementation,
        expected: 'an implementation (a string name and version)',
      };
    case 'io.modelcontextprotocol/protocolVersion':
      return requestOnly((value) => value.type === 'string', 'a string');
    case 'io.modelcontextprotocol/clientInfo':
      return requestOnly(isImplementation, 'an implementation (a string name and version)');
    case 'io.modelcontextprotocol/clientCapabilities':
      return requestOnly(isObject, 'an object');
    case 'io.modelcontextprotocol/logLevel':
      return requestOnly((value) => LOG_LEVELS.has(stringOf(value) ?? ''), 'a log level');
    case 'io.modelcontextprotocol/subscriptionId':
      return {
        contexts: [],
        where: 'notifications and subscription results',
        valid: (value) => value.type === 'string' || value.type === 'number',
        expected: 'a string or a number',
      };
    case 'traceparent':
    case 'tracestate':
    case 'baggage':
      return {
        contexts: ['declaration', 'result', 'content'],
        where: 'any _meta',
        valid: (value) => (stringOf(value) ?? '') !== '',
        expected: 'a non-empty string',
      };
    default:
      return undefined;
  }
}

/** The findings of the `_meta` object `meta` at `path`, for the revisions of `scope`. */
export function checkMeta(
  meta: SyntaxNode | undefined,
  context: MetaContext,
  scope: readonly string[],
  path: Path,
  collected: FindingCollector,
): void {
  if (meta?.type !== 'object') return;
  const where = readablePath(pointerOf(...path));
  for (const key of effectiveProperties(meta).keys()) {
    const property = propertyOf(meta, key)!;
    const keyNode = keyNodeOf(property)!;
    const value = memberOf(meta, key)!;
    const keyPath = [...path, key];
    const shown = key.length > 80 ? `${key.slice(0, 79)}…` : key;
    if (!META_KEY.test(key)) {
      collected.add(
        'meta-key-invalid',
        keyNode,
        keyPath,
        () =>
          `${where} has the key '${shown}', which is not a valid _meta key (an optional prefix of dot-separated labels and '/', then a name of letters, digits, '-', '_' and '.' that starts and ends with a letter or digit).`,
      );
      continue;
    }
    for (const revision of scope) {
      if (!MCP.has(revision, 'semantics.complete')) continue;
      const reserved = reservedKey(key, revision);
      if (reserved) {
        if (!reserved.contexts.includes(context)) {
          collected.add(
            'meta-reserved-key-context',
            keyNode,
            keyPath,
            (revisions, plural) =>
              `${where} uses the reserved key '${shown}', which ${revisions} define${plural ? '' : 's'} only in the _meta of ${reserved.where}, not of a ${context === 'declaration' ? 'declaration' : context === 'result' ? 'result' : 'content block'}.`,
            revision,
            'context',
          );
        } else if (!reserved.valid(value)) {
          collected.add(
            'meta-reserved-key-value',
            value,
            keyPath,
            (revisions) => `${where}['${shown}'] must be ${reserved.expected} for ${revisions}.`,
            revision,
            'value',
          );
        }
        continue;
      }
      if (isReservedPrefix(key, revision)) {
        collected.add(
          'meta-unknown-reserved-key',
          keyNode,
          keyPath,
          (revisions, plural) =>
            `${where} has '${shown}', under a prefix MCP reserves, which ${revisions} do${plural ? '' : 'es'} not define; keep it only if its authority is known.`,
          revision,
          'prefix',
        );
      }
    }
  }
}
