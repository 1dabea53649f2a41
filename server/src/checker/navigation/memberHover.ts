// Hover beyond declaration names: on any member's key, what the format says of it (its description,
// the MCP revisions it applies to given the scope there, the specification section); on a tool's
// `name`, the tool at a glance (title, annotations, how many declarations and examples); on a
// `$componentRef`, the component it resolves to, or why it resolves to nothing.
import { readTool, toolNameCounts } from '../model/documentModel';
import { isAliasCopy } from '../syntax/yaml/yamlTreeNode';
import { memberOf, propertiesOf, stringOf, valueOf, type SyntaxNode } from '../syntax/tree';
import { componentOf, referenceAt } from './componentLinks';
import { pathTo, rootAt, schemasAlong, scopeAlong } from './documentPath';
import { membersOf } from '../schema/formatSchema';
import { clipped, code, escapeMarkdown } from './markdown';
import { describeMember, memberDoc } from './memberDocs';
import type { HoverResult, NavigationDocument } from './types';

export function memberHoverAt(document: NavigationDocument, offset: number): HoverResult | undefined {
  const root = rootAt(document, offset);
  if (!root) return undefined;
  const path = pathTo(root, offset);
  const node = path[path.length - 1];
  const parent = path[path.length - 2];
  if (node.type !== 'string' || parent?.type !== 'property' || isAliasCopy(node)) return undefined;
  const range = { offset: node.offset, length: node.length };
  if (parent.key === node) {
    const markdown = keyMarkdown(path.slice(0, -2), String(node.value));
    return markdown === undefined ? undefined : { markdown, range };
  }
  if (parent.key.value === '$componentRef') {
    const markdown = referenceMarkdown(document, offset);
    return markdown === undefined ? undefined : { markdown, range };
  }
  if (parent.key.value === 'name' && path.length === 6 && path[1].type === 'property' && path[1].key.value === 'tools') {
    const markdown = toolMarkdown(root, path[3]);
    return markdown === undefined ? undefined : { markdown, range };
  }
  return undefined;
}

/** `objectPath` ends at the object the key is a member of. */
function keyMarkdown(objectPath: SyntaxNode[], key: string): string | undefined {
  const member = membersOf(schemasAlong(objectPath)).find((candidate) => candidate.name === key);
  if (!member) return undefined;
  return describeMember(key, memberDoc(member.owner, key), member.required, scopeAlong(objectPath));
}

function toolMarkdown(root: SyntaxNode, element: SyntaxNode): string | undefined {
  const tools = memberOf(root, 'tools');
  if (tools?.type !== 'array' || element.type !== 'object') return undefined;
  const index = tools.items.indexOf(element);
  if (index < 0) return undefined;
  const tool = readTool(root, element, index, tools.items, toolNameCounts(tools.items));
  const lines = [`**Tool ${code(tool.name ?? `tools[${index}]`)}**${tool.scope ? ` (${escapeMarkdown(tool.scope)})` : ''}`];
  const title = stringOf(memberOf(element, 'title')) ?? stringOf(memberOf(memberOf(element, 'annotations'), 'title'));
  if (title !== undefined) lines.push(`Title: ${escapeMarkdown(clipped(title))}`);
  const hints = propertiesOf(memberOf(element, 'annotations'))
    .filter((property) => property.key.value !== 'title' && property.value?.type === 'boolean')
    .map((property) => `${code(String(property.key.value))}: ${String(stringOrScalar(property.value))}`);
  if (hints.length > 0) lines.push(`Annotations: ${hints.join(', ')}`);
  const examples = propertiesOf(memberOf(element, 'examples')).length;
  lines.push(
    `${count(tool.declarations.length, 'elicitation declaration')}, ${count(examples, 'example')}, ${count(tool.examples.length, 'interaction example')}`,
  );
  return lines.join('  \n');
}

function stringOrScalar(node: SyntaxNode | undefined): unknown {
  return node && 'value' in node ? node.value : undefined;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** Past this many characters, a component's JSON is cut in the hover. */
const MAX_PREVIEW = 600;

function referenceMarkdown(document: NavigationDocument, offset: number): string | undefined {
  const reference = referenceAt(document, offset);
  if (!reference) return undefined;
  if (!reference.component)
    return `${code(clipped(reference.ref))} is not a local reference of the form ${code('#/components/NAMESPACE/NAME')}.`;
  const { namespace, name } = reference.component;
  const target = componentOf(reference.root, reference.component);
  if (!target) return `**No component** ${code(clipped(name))} in ${code(`components.${namespace}`)}.`;
  let preview: string;
  // A component as large as a document is named, not printed.
  if (target.value.length > 50_000) return `**Component** ${code(`components.${namespace}.${name}`)}`;
  try {
    preview = JSON.stringify(valueOf(target.value), null, 2);
  } catch {
    preview = '…';
  }
  if (preview.length > MAX_PREVIEW) preview = `${preview.slice(0, MAX_PREVIEW)}\n…`;
  const fence = '`'.repeat(Math.max(3, longestRun(preview) + 1));
  return `**Component** ${code(`components.${namespace}.${name}`)}\n\n${fence}json\n${preview}\n${fence}`;
}

function longestRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}
