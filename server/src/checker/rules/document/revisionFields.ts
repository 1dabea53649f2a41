// Fields, transports and capabilities that not every MCP revision has (MCP Description 0.8.0 §9.4:
// every represented field valid in every applicable revision): a member of a primitive, a prompt
// argument or a capability entry that came with a later revision than one in its scope, a
// tool schema's $schema before tool schemas had a dialect, a non-object outputSchema where the
// revision wants an object root, Streamable HTTP before it came; and what a revision deprecates or
// replaces (legacy SSE once Streamable HTTP came, logging once deprecated, core tasks once removed).
// One finding per node, naming every revision at fault. Which revision has what: mcp/revisions.ts.
// Info is not here: it is document-wide metadata whose members may appear whatever the scope (§5:
// "Validators MUST NOT emit a revision-applicability diagnostic solely because an Info property is
// unavailable on Implementation").
import { itemsOf, keyNodeOf, memberOf, propertyOf, stringOf, type SyntaxNode } from '../../syntax/tree';
import { primitiveScope } from '../../model/protocolScope';
import { PRIMITIVE_COLLECTIONS, primitiveObjectsOf } from '../../model/documentModel';
import { readDocumentRoot } from '../../model/documentRoot';
import { MCP, type McpFeature } from '../../mcp/revisions';
import { FindingCollector, type Path } from './findingCollector';
import { pointerOf, readablePath } from './pointers';
import type { SemanticFinding } from './semanticFinding';

/** Members of each place and the feature of MCP they are (the fixes scope an object to the revisions that have it). */
export const MEMBERS: Readonly<Record<'tools' | 'others' | 'argument' | 'capability', Readonly<Record<string, McpFeature>>>> = {
  tools: { title: 'title', outputSchema: 'structured-output', _meta: '_meta', annotations: 'tool.annotations', icons: 'icons' },
  others: { title: 'title', _meta: '_meta', icons: 'icons' },
  argument: { title: 'title' },
  capability: { completions: 'completions', tasks: 'tasks' },
};

function fieldsSince(
  item: SyntaxNode,
  members: Readonly<Record<string, McpFeature>>,
  scope: readonly string[],
  path: Path,
  collected: FindingCollector,
): void {
  const where = readablePath(pointerOf(...path));
  for (const [member, feature] of Object.entries(members)) {
    const key = keyNodeOf(propertyOf(item, member));
    if (!key) continue;
    const since = MCP.introducedIn(feature);
    for (const revision of scope) {
      if (!MCP.predates(revision, feature)) continue;
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
  const document = readDocumentRoot(root);
  document.transports.forEach((transport, index) => checkTransport(root, transport, index, collected));
  document.capabilities.forEach((capability, index) => checkCapability(root, capability, index, collected));
  for (const kind of ['resource', 'resourceTemplate', 'prompt'] as const) {
    const collection = PRIMITIVE_COLLECTIONS[kind];
    primitiveObjectsOf(root, kind).forEach(({ node: item, index }) => {
      const itemScope = primitiveScope(item, root)?.versions ?? [];
      const path = [collection, index];
      fieldsSince(item, MEMBERS.others, itemScope, path, collected);
      const annotations = memberOf(item, 'annotations');
      const lastModified = keyNodeOf(propertyOf(annotations, 'lastModified'));
      if (collection !== 'prompts' && lastModified) {
        for (const revision of itemScope) {
          if (!MCP.predates(revision, 'annotations.lastModified')) continue;
          collected.add(
            'resource-annotation-not-supported-by-version',
            lastModified,
            [...path, 'annotations', 'lastModified'],
            (revisions, plural) =>
              `${readablePath(pointerOf(...path))}.annotations.lastModified is an annotation ${revisions} ${plural ? 'do' : 'does'} not define (it came with ${MCP.introducedIn('annotations.lastModified')}).`,
            revision,
          );
        }
      }
      if (collection === 'prompts') {
        itemsOf(memberOf(item, 'arguments')).forEach((argument, argumentIndex) => {
          if (argument.type === 'object')
            fieldsSince(argument, MEMBERS.argument, itemScope, [...path, 'arguments', argumentIndex], collected);
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
  const since = MCP.introducedIn('transport.streamable-http');
  for (const revision of scope) {
    if (type === 'streamable-http' && MCP.predates(revision, 'transport.streamable-http')) {
      collected.add(
        'transport-not-supported-by-version',
        typeNode!,
        ['transports', index, 'type'],
        (revisions, plural) =>
          `transports[${index}] is Streamable HTTP, which ${revisions} ${plural ? 'do' : 'does'} not define (it came with ${since}); scope this transport to ${since} and later, and describe HTTP with SSE for the older revisions.`,
        revision,
      );
    }
    if (type === 'sse' && MCP.has(revision, 'transport.streamable-http')) {
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
  fieldsSince(capability, MEMBERS.capability, scope, path, collected);
  const key = (member: string) => keyNodeOf(propertyOf(capability, member));
  for (const revision of scope) {
    if (key('tasks') && MCP.removedBy(revision, 'tasks')) {
      collected.add(
        'tasks-core-not-valid-in-2026',
        key('tasks')!,
        [...path, 'tasks'],
        (revisions) =>
          `capabilities[${index}].tasks applies to ${revisions}, where tasks are no core capability; declare them under capabilities.extensions ('io.modelcontextprotocol/tasks').`,
        revision,
      );
    }
  }
  for (const revision of scope) {
    if (key('extensions') && MCP.predates(revision, 'capability.extensions')) {
      collected.add(
        'extensions-not-supported-by-version',
        key('extensions')!,
        [...path, 'extensions'],
        (revisions, plural) =>
          `capabilities[${index}].extensions is a member ${revisions} ${plural ? 'do' : 'does'} not define (it came with ${MCP.introducedIn('capability.extensions')}).`,
        revision,
      );
    }
  }
  for (const revision of scope) {
    if (key('logging') && MCP.deprecates(revision, 'logging')) {
      collected.add(
        'logging-deprecated-in-2026',
        key('logging')!,
        [...path, 'logging'],
        (revisions, plural) =>
          `capabilities[${index}].logging applies to ${revisions}, which ${plural ? 'deprecate' : 'deprecates'} logging.`,
        revision,
      );
    }
  }
}

/** The findings of the tool `tool`, element `index` of `tools`: its members, and its schemas' $schema and type. */
export function checkToolRevisionFields(root: SyntaxNode, tool: SyntaxNode, index: number): SemanticFinding[] {
  if (tool.type !== 'object') return [];
  const collected = new FindingCollector();
  const scope = primitiveScope(tool, root)?.versions ?? [];
  const path = ['tools', index];
  fieldsSince(tool, MEMBERS.tools, scope, path, collected);
  const execution = keyNodeOf(propertyOf(tool, 'execution'));
  if (execution) {
    for (const revision of scope) {
      if (MCP.has(revision, 'tool.execution')) continue;
      collected.add(
        'field-not-supported-by-version',
        execution,
        [...path, 'execution'],
        (revisions) =>
          `tools[${index}].execution is defined only for MCP ${MCP.revisionsWith('tool.execution').join(' and ')}, not for ${revisions}.`,
        revision,
      );
    }
  }
  for (const field of ['inputSchema', 'outputSchema'] as const) {
    const schema = memberOf(tool, field);
    if (schema?.type !== 'object' || propertyOf(schema, '$componentRef')) continue;
    const dollarSchema = keyNodeOf(propertyOf(schema, '$schema'));
    for (const revision of scope) {
      if (dollarSchema && MCP.predates(revision, 'tool-schema.dialect')) {
        collected.add(
          'field-not-supported-by-version',
          dollarSchema,
          [...path, field, '$schema'],
          (revisions, plural) =>
            `tools[${index}].${field}.$schema is a member ${revisions} ${plural ? 'do' : 'does'} not define (tool schemas name their dialect from ${MCP.introducedIn('tool-schema.dialect')}).`,
          revision,
        );
      }
      const type = memberOf(schema, 'type');
      if (field === 'outputSchema' && stringOf(type) !== 'object' && !MCP.has(revision, 'structured-output.any-root')) {
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
