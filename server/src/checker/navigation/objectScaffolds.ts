// Snippets for a new element of the root's lists: a tool (with the closed no-parameter input schema
// the specification recommends), a stdio or Streamable HTTP transport, a resource, a resource
// template, a prompt. Each holds what the format requires of it, with tab stops for the names, so
// the document checks clean once they are filled. They go where the step and declaration snippets
// go: between elements in JSON, into a new `{}`, after a YAML `- `.
import { memberOf, type SyntaxNode } from '../syntax/tree';
import { rootAt } from './documentPath';
import { contains } from './locate';
import { filterText, render, slotAt } from './scaffolds';
import { TabStop, type SnippetValue } from './snippetText';
import type { NavigationDocument, ScaffoldCompletion } from './types';

interface ObjectSnippet {
  label: string;
  detail: string;
  value: { [key: string]: SnippetValue };
}

const SNIPPETS: Readonly<Record<string, readonly ObjectSnippet[]>> = {
  tools: [
    {
      label: 'tool',
      detail: 'A tool with a name, a description and an input schema',
      value: {
        name: new TabStop(1, 'tool_name'),
        description: new TabStop(2, 'What the tool does.'),
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      },
    },
  ],
  transports: [
    {
      label: 'stdio transport',
      detail: 'A server started as a command',
      value: { type: 'stdio', command: new TabStop(1, 'command') },
    },
    {
      label: 'streamable-http transport',
      detail: 'A server at an HTTP endpoint',
      value: { type: 'streamable-http', url: new TabStop(1, 'https://example.com/') },
    },
  ],
  resources: [
    {
      label: 'resource',
      detail: 'A resource by its URI',
      value: { uri: new TabStop(1, 'file:///path/to/resource'), name: new TabStop(2, 'resource_name') },
    },
  ],
  resourceTemplates: [
    {
      label: 'resource template',
      detail: 'Resources by a URI template',
      value: { uriTemplate: new TabStop(1, 'file:///{path}'), name: new TabStop(2, 'template_name') },
    },
  ],
  prompts: [
    {
      label: 'prompt',
      detail: 'A prompt template',
      value: { name: new TabStop(1, 'prompt_name'), description: new TabStop(2, 'What the prompt is for.') },
    },
  ],
};

export function objectScaffoldsAt(document: NavigationDocument, offset: number): ScaffoldCompletion[] | undefined {
  const root = rootAt(document, offset);
  if (!root) return undefined;
  for (const [list, snippets] of Object.entries(SNIPPETS)) {
    const array: SyntaxNode | undefined = memberOf(root, list);
    if (!array || !contains(array, offset)) continue;
    const slot = slotAt(document, array, offset);
    if (!slot) return undefined;
    return snippets.map((snippet, index) => ({
      label: snippet.label,
      filterText: filterText(slot, snippet.label),
      detail: snippet.detail,
      sortText: `0${String(index).padStart(6, '0')}`,
      ...render(slot, snippet.value),
    }));
  }
  return undefined;
}
