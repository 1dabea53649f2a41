// Completion of a step's declaration and hovers on names, on the parse the checker made.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import { ELICITATION_RULE_ID } from '../../shared/src/rules';
import { completionAt, hoverAt, type NameCompletion } from '../../server/src/checker/navigation';
import { applyOffsetEdits } from '../../server/src/checker/syntax/textEdits';
import { SAMPLE, SHARED_NAMES, find, within } from './sample';
import { yamlDocument } from './yamlDocument';
import { elicitationOnly } from '../support/ruleScope';

const document = checkDocument(SAMPLE, elicitationOnly());
const CONFIRM = '"confirm"';

/** Names in the order an editor shows them (by sortText). */
function ordered(items: NameCompletion[] | undefined): string[] {
  assert.ok(items, 'completions');
  return [...items].sort((a, b) => a.sortText.localeCompare(b.sortText)).map((item) => item.name);
}

/** A tool with two declarations and one step whose declaration is being typed (`$` marks the cursor). */
function typing(step: string, requestMode: 'form' | 'url' = 'url'): { text: string; offset: number } {
  const request =
    requestMode === 'url'
      ? '{"mode": "url", "message": "m", "url": "u"}'
      : '{"message": "m", "requestedSchema": {"type": "object", "properties": {}}}';
  const template = `{"mcpdesc": "0.8.0", "tools": [{"name": "t", "elicitations": [
    {"name": "confirm", "mode": "form", "message": "Approve?", "requestedSchema": {"type": "object", "properties": {}}},
    {"name": "authorize", "mode": "url", "message": "Authorize."}],
  "interactionExamples": {"e": {"steps": [
    {"type": "elicitation", "request": ${request}, ${step}}]}}}]}`;
  const offset = template.indexOf('$');
  return { text: template.replace('$', ''), offset };
}

describe('completion of a declaration name', () => {
  it("inside an empty string: every declared name, those of the request's mode first, replacing the whole string", () => {
    const { text, offset } = typing('"declaration": "$"');
    const items = completionAt(checkDocument(text, elicitationOnly()), offset);
    assert.deepEqual(ordered(items), ['authorize', 'confirm']);
    // The range starts at the opening quote, where the editor's own JSON value suggestions start theirs.
    assert.deepEqual(
      items!.map((item) => [item.name, item.label, item.detail, item.matchesRequestMode, item.preselect, item.edit]),
      [
        [
          'confirm',
          '"confirm"',
          'form (the request is url) — Approve?',
          false,
          false,
          { offset: offset - 1, length: 2, newText: '"confirm"' },
        ],
        ['authorize', '"authorize"', 'url — Authorize.', true, true, { offset: offset - 1, length: 2, newText: '"authorize"' }],
      ],
    );
  });

  it("exactly one item is preselected: the first declaration in the request's mode", () => {
    const text = `{"tools": [{"elicitations": [{"name": "f", "mode": "form", "requestedSchema": {"type": "object"}}, {"name": "u1", "mode": "url"}, {"name": "u2", "mode": "url"}],
 "interactionExamples": {"e": {"steps": [{"type": "elicitation", "declaration": "", "request": {"mode": "url"}}]}}}]}`;
    const items = completionAt(checkDocument(text, elicitationOnly()), text.indexOf('""') + 1)!;
    assert.deepEqual(
      items.filter((item) => item.preselect).map((item) => item.name),
      ['u1'],
    );
    assert.deepEqual(
      items.map((item) => item.mode),
      ['form (the request is url)', 'url', 'url'],
    );
  });

  it('a form request (mode absent) puts form declarations first, and marks the url ones', () => {
    const { text, offset } = typing('"declaration": "$"', 'form');
    const items = completionAt(checkDocument(text, elicitationOnly()), offset);
    assert.deepEqual(ordered(items), ['confirm', 'authorize']);
    assert.deepEqual(
      items!.map((item) => item.detail),
      ['form — Approve?', 'url (the request is form) — Authorize.'],
    );
  });

  it('each name once (a later duplicate is not another choice); elements without a string name are not offered', () => {
    const text = `{"tools": [{"elicitations": [{"name": "a", "mode": "url", "message": "First."}, {"name": "a", "mode": "form"}, {"mode": "url"}, {"name": 7}, "x", {"name": "b"}],
 "interactionExamples": {"e": {"steps": [{"type": "elicitation", "declaration": "", "request": {"mode": "url"}}]}}}]}`;
    const items = completionAt(checkDocument(text, elicitationOnly()), text.indexOf('""') + 1);
    assert.deepEqual(
      items?.map((item) => [item.name, item.detail, item.matchesRequestMode]),
      [
        ['a', 'url — First.', true],
        ['b', 'no mode (the request is url)', false],
      ],
    );
  });

  it('the documentation reads the requested fields through a $componentRef', () => {
    const text = `{"tools": [{"elicitations": [{"name": "a", "mode": "form", "message": "M.", "requestedSchema": {"$componentRef": "#/components/schemas/Ok"}}],
 "interactionExamples": {"e": {"steps": [{"type": "elicitation", "declaration": ""}]}}}],
 "components": {"schemas": {"Ok": {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}}}}`;
    const [item] = completionAt(checkDocument(text, elicitationOnly()), text.indexOf('""') + 1)!;
    assert.equal(
      item.documentation,
      [
        '**Elicitation `a`** of tool `tools[0]`',
        '',
        'Mode: `form`  ',
        'Message: M.',
        '',
        'Requested fields (from `#/components/schemas/Ok`):',
        '- `ok`: boolean (required)',
      ].join('\n'),
    );
  });

  it('over a partly typed name: the whole content is replaced, and the result is clean', () => {
    const { text, offset } = typing('"declaration": "au$th"');
    const items = completionAt(checkDocument(text, elicitationOnly()), offset)!;
    const authorize = items.find((item) => item.name === 'authorize')!;
    assert.deepEqual(authorize.edit, { ...find(text, '"auth"'), newText: '"authorize"' });
    assert.equal(applyOffsetEdits(text, [authorize.edit]), text.replace('"auth"', '"authorize"'));
  });

  it('an unterminated string gets its closing quote', () => {
    const { text, offset } = typing('"declaration": "co$\n');
    const confirm = completionAt(checkDocument(text, elicitationOnly()), offset)!.find((item) => item.name === 'confirm')!;
    assert.deepEqual(confirm.edit, { offset: offset - 3, length: 3, newText: '"confirm"' });
    assert.match(applyOffsetEdits(text, [confirm.edit]), /"declaration": "confirm"\n/);
  });

  it('after `"declaration": ` with no value: inserts a quoted name', () => {
    const { text, offset } = typing('"declaration": $');
    const confirm = completionAt(checkDocument(text, elicitationOnly()), offset)!.find((item) => item.name === 'confirm')!;
    assert.deepEqual(confirm.edit, { offset, length: 0, newText: '"confirm"' });
  });

  it('... and a comma when another member follows on a later line', () => {
    const { text, offset } = typing('"declaration": $\n      "response": {"action": "accept"}');
    const authorize = completionAt(checkDocument(text, elicitationOnly()), offset)!.find((item) => item.name === 'authorize')!;
    assert.deepEqual(authorize.edit, { offset, length: 0, newText: '"authorize",' });
    const completed = applyOffsetEdits(text, [authorize.edit]);
    assert.deepEqual(
      checkDocument(completed, elicitationOnly()).diagnostics.map((d) => d.data.violation),
      [],
    );
  });

  it('... also when the next member is on the same line', () => {
    const { text, offset } = typing('"declaration": $ "response": {"action": "accept"}');
    const confirm = completionAt(checkDocument(text, elicitationOnly()), offset)!.find((item) => item.name === 'confirm')!;
    assert.deepEqual(confirm.edit, { offset, length: 0, newText: '"confirm",' });
  });

  it('nothing between the colon and a value that is there', () => {
    const { text, offset } = typing('"declaration": $\n "confirm"');
    assert.equal(completionAt(checkDocument(text, elicitationOnly()), offset), undefined);
  });

  it('nothing before the opening quote, after the closing one, on the key, or in a step of another type', () => {
    const { text, offset } = typing('"declaration": "confirm"$');
    const checked = checkDocument(text, elicitationOnly());
    const value = find(text, CONFIRM, 1);
    assert.equal(completionAt(checked, offset), undefined);
    assert.equal(completionAt(checked, value.offset), undefined);
    assert.ok(completionAt(checked, value.offset + 1));
    assert.equal(completionAt(checked, within(find(text, '"declaration"'))), undefined);
    const sampling = checkDocument(text.replace('"type": "elicitation"', '"type": "sampling"'), elicitationOnly());
    assert.equal(completionAt(sampling, value.offset + 1), undefined);
  });

  it("tool objects that share a name: only the step's own object's declarations", () => {
    const text = SHARED_NAMES.replace('"declaration": "confirm"', '"declaration": ""');
    const checked = checkDocument(text, elicitationOnly());
    assert.deepEqual(
      completionAt(checked, text.indexOf('""') + 1)?.map((item) => item.name),
      ['confirm'],
    );
    const second = SHARED_NAMES.replace(/("declaration": )"confirm"(?![^]*"declaration": "confirm")/, '$1""');
    assert.deepEqual(
      completionAt(checkDocument(second, elicitationOnly()), second.indexOf('""') + 1)?.map((item) => [item.name, item.detail]),
      [
        ['confirm', 'url — Authorize publication.'],
        ['authorize', 'url — Authorize publication.'],
      ],
    );
  });

  it('a step still without a type gets completions', () => {
    const text =
      '{"tools": [{"elicitations": [{"name": "a", "mode": "url"}], "interactionExamples": {"e": {"steps": [{"declaration": ""}]}}}]}';
    assert.deepEqual(
      completionAt(checkDocument(text, elicitationOnly()), text.indexOf('""') + 1)?.map((item) => [
        item.name,
        item.detail,
        item.matchesRequestMode,
      ]),
      [['a', 'url', false]],
    );
  });

  it('in YAML: after `declaration: ` a plain name; over a plain scalar, the whole scalar', () => {
    const text = `tools:
  - elicitations:
      - {name: confirm, mode: url}
      - name: two words
        mode: url
    interactionExamples:
      e:
        steps:
          - type: elicitation
            declaration: \n          - type: elicitation
            declaration: con
`;
    const yaml = yamlDocument(text);
    const empty = text.indexOf('declaration: ') + 'declaration: '.length;
    assert.deepEqual(
      completionAt(yaml, empty)?.map((item) => item.edit),
      [
        { offset: empty, length: 0, newText: 'confirm' },
        { offset: empty, length: 0, newText: '"two words"' },
      ],
    );
    const partial = find(text, 'con', 1);
    assert.equal(text.slice(partial.offset, partial.offset + 4), 'con\n');
    assert.deepEqual(
      completionAt(yaml, partial.offset + 2)?.map((item) => item.edit),
      [
        { ...partial, newText: 'confirm' },
        { ...partial, newText: '"two words"' },
      ],
    );
  });
});

describe('hover', () => {
  it('on a reference: the declaration, with its requested fields', () => {
    assert.deepEqual(hoverAt(document, within(find(SAMPLE, CONFIRM, 1))), {
      range: find(SAMPLE, CONFIRM, 1),
      markdown: [
        '**Elicitation `confirm`** of tool `prepare_release`',
        '',
        'Mode: `form`  ',
        'Message: Approve this release?',
        '',
        'Requested fields:',
        '- `approved`: boolean (required)',
        '- `contact`: string, format email',
      ].join('\n'),
    });
  });

  it('on a url reference: the url', () => {
    assert.equal(
      hoverAt(document, within(find(SAMPLE, '"authorize"', 1)))?.markdown,
      '**Elicitation `authorize`** of tool `prepare_release`\n\nMode: `url`  \nMessage: Authorize publication.  \nURL: `https://mcp.example.com/release/connect`',
    );
  });

  it('on an undeclared name the rule reports: nothing, since the diagnostic there says it all', () => {
    const text = SAMPLE.replace('"declaration": "authorize"', '"declaration": "authorise"');
    const checked = checkDocument(text, elicitationOnly());
    const reported = checked.diagnostics.filter(
      (d) => d.data.violation === 'unknown-declaration' && d.data.offset === find(text, '"authorise"').offset,
    );
    assert.equal(reported.length, 1, 'the rule reports the unknown name at the hovered scalar');
    assert.match(reported[0].message, /declares no elicitation named 'authorise' \(declared: confirm, authorize, unused\)/);
    assert.equal(hoverAt(checked, within(find(text, '"authorise"'))), undefined);
  });

  it('on an undeclared name the rule does not report (rule off): says so, with what is declared', () => {
    const text = SAMPLE.replace('"declaration": "authorize"', '"declaration": "authorise"');
    const checked = checkDocument(text, elicitationOnly({ rules: { [ELICITATION_RULE_ID]: 'off' } }));
    assert.equal(
      checked.diagnostics.some((d) => d.data.violation === 'unknown-declaration'),
      false,
    );
    assert.deepEqual(hoverAt(checked, within(find(text, '"authorise"'))), {
      range: find(text, '"authorise"'),
      markdown:
        '**Unknown elicitation `authorise`**: tool `prepare_release` declares no elicitation of that name (declared: `confirm`, `authorize`, `unused`).',
    });
  });

  it("on an undeclared name, another step's diagnostic for the same name does not hide it", () => {
    const text = SAMPLE.replace('"declaration": "authorize"', '"declaration": "authorise"');
    const checked = checkDocument(text, elicitationOnly());
    const elsewhere = {
      ...checked,
      diagnostics: checked.diagnostics.map((d) => ({ ...d, data: { ...d.data, offset: d.data.offset + 1 } })),
    };
    assert.match(
      hoverAt(elsewhere, within(find(text, '"authorise"')))?.markdown ?? '',
      /^\*\*Unknown elicitation `authorise`\*\*/,
    );
  });

  it('on an undeclared name in a tool with many declarations: the first 20 and how many more', () => {
    const elicitations = Array.from({ length: 25 }, (_, index) => ({ name: `d${index}`, mode: 'url', message: 'm' }));
    const text = JSON.stringify({
      tools: [{ name: 't', elicitations, interactionExamples: { e: { steps: [{ type: 'elicitation', declaration: 'nope' }] } } }],
    });
    const listed = Array.from({ length: 20 }, (_, index) => `\`d${index}\``).join(', ');
    assert.equal(
      hoverAt({ text, roots: checkDocument(text, elicitationOnly()).roots }, within(find(text, '"nope"')))?.markdown,
      `**Unknown elicitation \`nope\`**: tool \`t\` declares no elicitation of that name (declared: ${listed} and 5 more).`,
    );
  });

  it("on an invalid declaration: what is wrong, in the rule's words", () => {
    const text = SAMPLE.replace(/("name": "authorize",\s*"mode": )"url"/, '$1"popup"');
    assert.notEqual(text, SAMPLE);
    const markdown = hoverAt(checkDocument(text, elicitationOnly()), within(find(text, '"authorize"', 1)))?.markdown ?? '';
    assert.match(markdown, /Mode: `invalid mode`/);
    assert.match(markdown, /Invalid: its mode must be 'form' or 'url', not 'popup'\./);
  });

  it('on a declaration whose $componentRef does not resolve: why, and no fields', () => {
    const text = `{"tools": [{"name": "t", "elicitations": [{"name": "a", "mode": "form", "message": "M.", "requestedSchema": {"$componentRef": "#/components/schemas/Missing"}}]}]}`;
    assert.equal(
      hoverAt(checkDocument(text, elicitationOnly()), within(find(text, '"a"'), 1))?.markdown,
      "**Elicitation `a`** of tool `t`\n\nMode: `form`  \nMessage: M.\n\nInvalid: its requestedSchema cannot be used: $componentRef '\\#/components/schemas/Missing' names no schema in components.schemas.\n\nNot used by any step.",
    );
  });

  it("on a declaration's name: the declaration, and how many steps in how many examples use it", () => {
    assert.deepEqual(hoverAt(document, within(find(SAMPLE, CONFIRM, 0))), {
      range: find(SAMPLE, CONFIRM, 0),
      markdown: [
        '**Elicitation `confirm`** of tool `prepare_release`',
        '',
        'Mode: `form`  ',
        'Message: Approve this release?',
        '',
        'Requested fields:',
        '- `approved`: boolean (required)',
        '- `contact`: string, format email',
        '',
        'Used by 2 steps in 2 examples.',
      ].join('\n'),
    });
    assert.match(hoverAt(document, within(find(SAMPLE, '"authorize"', 0)))?.markdown ?? '', /Used by 1 step in 1 example\.$/);
    assert.match(hoverAt(document, within(find(SAMPLE, '"unused"', 0)))?.markdown ?? '', /Not used by any step\.$/);
    assert.match(
      hoverAt(document, within(find(SAMPLE, CONFIRM, 4)))?.markdown ?? '',
      /of tool `other_tool`[^]*Used by 1 step in 1 example\./,
    );
  });

  it('tool objects that share a name: the heading says which scope', () => {
    const shared = checkDocument(SHARED_NAMES, elicitationOnly());
    assert.match(
      hoverAt(shared, within(find(SHARED_NAMES, CONFIRM, 1)))?.markdown ?? '',
      /^\*\*Elicitation `confirm`\*\* of tool `prepare_release` \(protocolVersions 2025-11-25\)\n\nMode: `form`/,
    );
    assert.match(
      hoverAt(shared, within(find(SHARED_NAMES, CONFIRM, 3)))?.markdown ?? '',
      /^\*\*Elicitation `confirm`\*\* of tool `prepare_release` \(protocolVersions 2026-07-28\)\n\nMode: `url`/,
    );
  });

  it('on a later duplicate: what is wrong, and which element steps use', () => {
    const text =
      '{"tools": [{"name": "t", "elicitations": [{"name": "a", "mode": "url", "message": "m"}, {"name": "a", "mode": "url", "message": "n"}]}]}';
    assert.equal(
      hoverAt(checkDocument(text, elicitationOnly()), within(find(text, '"a"', 1), 1))?.markdown,
      "**Elicitation `a`** of tool `t`\n\nMode: `url`  \nMessage: n  \nURL: any (the declaration names none)\n\nInvalid: elicitations\\[0\\] already declares the name 'a'.\n\nSteps naming `a` use `elicitations[0]`, the first element with that name.",
    );
    assert.doesNotMatch(
      hoverAt(checkDocument(text, elicitationOnly()), within(find(text, '"a"', 0), 1))?.markdown ?? '',
      /Invalid|elicitations\[0\]/,
    );
  });

  it("away from names, a member's key is described from the format's schema; a plain value has nothing", () => {
    const hover = hoverAt(document, within(find(SAMPLE, '"mcpdesc"')));
    assert.deepEqual(hover?.range, find(SAMPLE, '"mcpdesc"'));
    assert.match(hover!.markdown, /^\*\*mcpdesc\*\* \(required\)\n\nThe MCP Description format version/);
    assert.equal(hoverAt(document, within(find(SAMPLE, '"0.8.0"'))), undefined);
  });
});
