// Fields, transports and capabilities that not every MCP revision has (MCP Description 0.8.0 §9.4:
// every represented field valid in every applicable revision): a member of a primitive, a prompt
// argument or a capability entry that came with a later revision than one in its scope, a
// tool schema's $schema before 2025-11-25, a non-object outputSchema before 2026-07-28, Streamable
// HTTP before 2025-03-26; and what a revision deprecates or replaces (legacy SSE from 2025-03-26,
// logging and core tasks in 2026-07-28). One finding per node, naming every revision at fault.
// Info is not here: it is document-wide metadata whose members may appear whatever the scope (§5:
// "Validators MUST NOT emit a revision-applicability diagnostic solely because an Info property is
// unavailable on Implementation").
import { itemsOf, keyNodeOf, memberOf, propertyOf, stringOf, type SyntaxNode } from '../../syntax/tree';
import { primitiveScope } from '../declarationValidity/scope';
import { FindingCollector, isBefore, isFrom, LATEST_REVISION, type Path } from './findingCollector';
import { pointerOf, readablePath } from './pointers';
import type { SemanticFinding } from './interactionSemantics';

/** Members of each place and the revision they came with. */
const SINCE = {
  tools: { title: '2025-06-18', outputSchema: '2025-06-18', _meta: '2025-06-18', annotations: '2025-03-26', icons: '2025-11-25' },
  others: { title: '2025-06-18', _meta: '2025-06-18', icons: '2025-11-25' },
  argument: { title: '2025-06-18' },
  capability: { completions: '2025-03-26', tasks: '2025-11-25' },
} as const;

function fieldsSince(
  item: SyntaxNode,
  members: Readonly<Record<string, string>>,
  scope: readonly string[],
  path: Path,
  collected: FindingCollector,
): void {
  const where = readablePath(pointerOf(...path));
  for (const [member, since] of Object.entries(members)) {
    const key = keyNodeOf(propertyOf(item, member));
    if (!key) continue;
    for (const revision of scope) {
      if (!isBefore(revision, since)) continue;
      collected.add(
        'field-not-supported-by-version',
        key,
        [...path, member],
        (revisions, plural) =>
          `${where}.${member} is a member ${revisions} ${plural ? 'do' : 'does'} not define (it came with ${since}).`,
        revision,
      );
    }
  }
}

/** The findings outside the elements of `tools`: transports, capabilities, resources, resource templates, prompts. */
export function checkRootRevisionFields(root: SyntaxNode): SemanticFinding[] {
  if (root.type !== 'object') return [];
  const collected = new FindingCollector();
  itemsOf(memberOf(root, 'transports')).forEach((transport, index) => checkTransport(root, transport, index, collected));
  itemsOf(memberOf(root, 'capabilities')).forEach((capability, index) => checkCapability(root, capability, index, collected));
  for (const collection of ['resources', 'resourceTemplates', 'prompts']) {
    itemsOf(memberOf(root, collection)).forEach((item, index) => {
      if (item.type !== 'object') return;
      const itemScope = primitiveScope(item, root)?.versions ?? [];
      const path = [collection, index];
      fieldsSince(item, SINCE.others, itemScope, path, collected);
      const annotations = memberOf(item, 'annotations');
      const lastModified = keyNodeOf(propertyOf(annotations, 'lastModified'));
      if (collection !== 'prompts' && lastModified) {
        for (const revision of itemScope) {
          if (!isBefore(revision, '2025-06-18')) continue;
          collected.add(
            'resource-annotation-not-supported-by-version',
            lastModified,
            [...path, 'annotations', 'lastModified'],
            (revisions, plural) =>
              `${readablePath(pointerOf(...path))}.annotations.lastModified is an annotation ${revisions} ${plural ? 'do' : 'does'} not define (it came with 2025-06-18).`,
            revision,
          );
        }
      }
      if (collection === 'prompts') {
        itemsOf(memberOf(item, 'arguments')).forEach((argument, argumentIndex) => {
          if (argument.type === 'object')
            fieldsSince(argument, SINCE.argument, itemScope, [...path, 'arguments', argumentIndex], collected);
        });
      }
    });
  }
  return collected.findings();
}

function checkTransport(root: SyntaxNode, transport: SyntaxNode, index: number, collected: FindingCollector): void {
  const typeNode = memberOf(transport, 'type');
  const type = stringOf(typeNode);
  if (type !== 'streamable-http' && type !== 'sse') return;
  const scope = primitiveScope(transport, root)?.versions ?? [];
  for (const revision of scope) {
    if (type === 'streamable-http' && isBefore(revision, '2025-03-26')) {
      collected.add(
        'transport-not-supported-by-version',
        typeNode!,
        ['transports', index, 'type'],
        (revisions, plural) =>
          `transports[${index}] is Streamable HTTP, which ${revisions} ${plural ? 'do' : 'does'} not define (it came with 2025-03-26); scope this transport to 2025-03-26 and later, and describe HTTP with SSE for the older revisions.`,
        revision,
      );
    }
    if (type === 'sse' && isFrom(revision, '2025-03-26')) {
      collected.add(
        'legacy-sse-for-modern-version',
        typeNode!,
        ['transports', index, 'type'],
        (revisions) =>
          `transports[${index}] is the legacy HTTP with SSE transport for ${revisions}, where Streamable HTTP is the standard remote transport.`,
        revision,
      );
    }
  }
}

function checkCapability(root: SyntaxNode, capability: SyntaxNode, index: number, collected: FindingCollector): void {
  if (capability.type !== 'object') return;
  const scope = primitiveScope(capability, root)?.versions ?? [];
  const path = ['capabilities', index];
  fieldsSince(capability, SINCE.capability, scope, path, collected);
  const key = (member: string) => keyNodeOf(propertyOf(capability, member));
  if (key('tasks') && scope.includes(LATEST_REVISION)) {
    collected.add(
      'tasks-core-not-valid-in-2026',
      key('tasks')!,
      [...path, 'tasks'],
      () =>
        `capabilities[${index}].tasks applies to MCP 2026-07-28, where tasks are no core capability; declare them under capabilities.extensions ('io.modelcontextprotocol/tasks').`,
    );
  }
  if (key('extensions')) {
    for (const revision of scope) {
      if (!isBefore(revision, LATEST_REVISION)) continue;
      collected.add(
        'extensions-not-supported-by-version',
        key('extensions')!,
        [...path, 'extensions'],
        (revisions, plural) =>
          `capabilities[${index}].extensions is a member ${revisions} ${plural ? 'do' : 'does'} not define (it came with 2026-07-28).`,
        revision,
      );
    }
  }
  if (key('logging') && scope.includes(LATEST_REVISION)) {
    collected.add(
      'logging-deprecated-in-2026',
      key('logging')!,
      [...path, 'logging'],
      () => `capabilities[${index}].logging applies to MCP 2026-07-28, which deprecates logging.`,
    );
  }
}

/** The findings of the tool `tool`, element `index` of `tools`: its members, and its schemas' $schema and type. */
export function checkToolRevisionFields(root: SyntaxNode, tool: SyntaxNode, index: number): SemanticFinding[] {
  if (tool.type !== 'object') return [];
  const collected = new FindingCollector();
  const scope = primitiveScope(tool, root)?.versions ?? [];
  const path = ['tools', index];
  fieldsSince(tool, SINCE.tools, scope, path, collected);
  const execution = keyNodeOf(propertyOf(tool, 'execution'));
  if (execution) {
    for (const revision of scope) {
      if (revision === '2025-11-25') continue;
      collected.add(
        'field-not-supported-by-version',
        execution,
        [...path, 'execution'],
        (revisions) => `tools[${index}].execution is defined only for MCP 2025-11-25, not for ${revisions}.`,
        revision,
      );
    }
  }
  for (const field of ['inputSchema', 'outputSchema'] as const) {
    const schema = memberOf(tool, field);
    if (schema?.type !== 'object' || propertyOf(schema, '$componentRef')) continue;
    const dollarSchema = keyNodeOf(propertyOf(schema, '$schema'));
    for (const revision of scope) {
      if (dollarSchema && isBefore(revision, '2025-11-25')) {
        collected.add(
          'field-not-supported-by-version',
          dollarSchema,
          [...path, field, '$schema'],
          (revisions, plural) =>
            `tools[${index}].${field}.$schema is a member ${revisions} ${plural ? 'do' : 'does'} not define (tool schemas name their dialect from 2025-11-25).`,
          revision,
        );
      }
      const type = memberOf(schema, 'type');
      if (field === 'outputSchema' && stringOf(type) !== 'object' && revision !== LATEST_REVISION) {
        collected.add(
          'field-not-supported-by-version',
          type ?? keyNodeOf(propertyOf(tool, field))!,
          [...path, field, 'type'],
          (revisions) => `tools[${index}].outputSchema must have type 'object' for ${revisions}.`,
          revision,
        );
      }
    }
  }
  return collected.findings();
}
