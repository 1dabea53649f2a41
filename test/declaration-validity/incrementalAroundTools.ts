// The one-tool shortcut with both rules: declaration findings can sit outside their tool (in a
// component a $componentRef names) and resources or prompts can come before or after `tools`, so
// after every edit inside a tool the shortcut must still give exactly the full check's diagnostics.
// Written once as a function of the number of seeded edits: incremental.test.ts runs the first 60,
// incremental.thorough.test.ts all 300.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, IncrementalDocument } from '../../server/src/checker';
import { Random } from '../../bench/random';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';

// With no options, as the server checks by default: both rules on.
const OPTIONS = {} as const;

function tool(index: number): object {
  return {
    name: `tool_${index}`,
    inputSchema: { type: 'object' },
    elicitations: [
      {
        name: `ask_${index}`,
        mode: 'form',
        message: `Ask ${index}.`,
        requestedSchema: { $componentRef: '#/components/schemas/Shared' },
      },
      { name: `link_${index}`, mode: index % 2 ? 'url' : 'form', message: '', url: 'https://example.org/x' },
      {
        name: `bad name ${index}`,
        mode: 'form',
        message: 'Form.',
        requestedSchema: {
          type: 'object',
          properties: { n: { type: 'integer', minimum: 9, maximum: 1 } },
          required: ['n', 'gone'],
        },
      },
    ],
    interactionExamples: {
      one: {
        steps: [
          {
            type: 'elicitation',
            declaration: `ask_${index}`,
            request: { mode: 'form', message: 'x', requestedSchema: { $componentRef: '#/components/schemas/Shared' } },
            response: { action: 'accept', content: { color: 'red' } },
          },
        ],
      },
    },
  };
}

function documentText(layout: 'components-first' | 'components-last'): string {
  const components = {
    schemas: {
      Shared: {
        type: 'object',
        properties: { color: { type: 'string', enum: ['red'], enumNames: ['Red', 'Extra'] }, nested: { type: 'object' } },
      },
    },
  };
  const prompts = [
    {
      name: 'p',
      elicitations: [
        { name: 'ask', mode: 'url', message: 'Open.', url: 'not a uri' },
        { name: 'ask', mode: 'form', message: 'Twice.', requestedSchema: { $componentRef: '#/components/schemas/Shared' } },
      ],
    },
  ];
  const head = {
    mcpdesc: '0.8.0',
    info: { name: 'x', version: '1' },
    protocolVersions: ['2025-06-18', '2025-11-25'],
    transports: [{ type: 'stdio', command: 'x' }],
  };
  const tools = Array.from({ length: 6 }, (_, index) => tool(index));
  const value = layout === 'components-first' ? { ...head, components, prompts, tools } : { ...head, tools, prompts, components };
  return JSON.stringify(value, null, 2);
}

export function agreeAroundTheTools(edits: number): void {
  for (const layout of ['components-first', 'components-last'] as const) {
    agreeAroundTheToolsIn(layout, edits);
  }
}

function agreeAroundTheToolsIn(layout: 'components-first' | 'components-last', edits: number): void {
  test(`incremental and full checks agree with declaration findings around the tools (${layout}, ${edits} edits)`, () => {
    const random = new Random(layout === 'components-first' ? 11 : 12);
    let text = documentText(layout);
    const incremental = new IncrementalDocument(text, OPTIONS);
    const own = incremental.result.diagnostics.filter((d) => d.code === DECLARATION_RULE_ID);
    const toolsStart = text.indexOf('"tools"');
    const toolsEnd = layout === 'components-first' ? text.length : text.indexOf('"prompts"');
    assert.ok(
      own.some((d) => d.data.offset > toolsStart && d.data.offset < toolsEnd),
      'findings inside the tools',
    );
    assert.ok(
      own.some((d) => d.data.offset < toolsStart || d.data.offset > toolsEnd),
      'findings outside the tools',
    );
    let shortcuts = 0;
    for (let edit = 0; edit < edits; edit++) {
      // Typing inside a string value within the tools (the shortcut's case), or deleting a letter there.
      const openings = [...text.slice(toolsStart, toolsEnd).matchAll(/": "/g)].map((match) => toolsStart + match.index + 4);
      const offset = openings[Math.floor(random.next() * openings.length)];
      const deletable = /[A-Za-z0-9 _-]/.test(text[offset]) && random.next() < 0.3;
      const insert = ['x', '9', ' ', '/', '-'][Math.floor(random.next() * 5)];
      const next = deletable
        ? text.slice(0, offset) + text.slice(offset + 1)
        : text.slice(0, offset) + insert + text.slice(offset);
      const change = deletable ? { offset, length: 1, newLength: 0 } : { offset, length: 0, newLength: 1 };
      const result = incremental.update(next, change);
      if (incremental.lastUpdateWasIncremental) shortcuts++;
      assert.deepEqual(result.diagnostics, checkDocument(next, OPTIONS).diagnostics, `edit ${edit} at ${offset}`);
      text = next;
    }
    assert.ok(shortcuts > edits / 3, `the shortcut was taken ${shortcuts} times of ${edits}`);
  });
}
