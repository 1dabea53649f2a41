// Quick-fixes on members that come from a `<<` merge key. Their text is the merge source's (an
// anchored mapping, or an inline one inside the `<<` pair), which other mappings may merge too, so
// a fix never edits it there: a merged value is replaced by an own member added to the merging
// mapping (own keys win over merged ones), a merged member is never removed, and a mapping made only
// of `<<` gets new members at its keys' column (block) or after the `<<` pair (flow). Each test
// states the exact edit (or that none is offered), that the result is YAML without errors, what the
// document then means, and what a re-check reports.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ValueNode } from '../../server/src/checker/syntax/tree';
import { parseDocument } from 'yaml';
import { applyEdits, checkDocument, fixAll, LineIndex, type Fix, type TextEdit } from '../../server/src/checker';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml';
import { YamlEditor } from '../../server/src/checker/syntax/yaml/yamlEditor';
import { applyOffsetEdits } from '../../server/src/checker/syntax/textEdits';
import type { OffsetEdit } from '../../server/src/checker/types';
import { parsesAs } from '../hostile/support/fixChecks';
import { propertyAt, valueAt } from './yamlTreeHelpers';
import { elicitationOnly } from '../support/ruleScope';

const YAML = { format: 'yaml' } as const;
const OLD_URL = 'https://old.example.com/connect';
const NEW_URL = 'https://new.example.com/connect';

const HEAD = [
  'mcpdesc: 0.8.0',
  'x-shared:',
  '  url-request: &url-request',
  '    mode: url',
  '    message: Authorize.',
  `    url: ${OLD_URL}`,
  '  url-only: &url-only {mode: url}',
  `  url-new: &url-new {mode: url, url: ${NEW_URL}}`,
  '  form-request: &form-request {mode: form, requestedSchema: {type: object}}',
  '  accepted: &accepted {action: accept, content: {approved: true}}',
  '  accepted-bare: &accepted-bare {action: accept}',
  '  declined: &declined {action: decline}',
  'tools:',
  '  - name: t',
  '    elicitations:',
  // A declaration may merge its members in too; its name is its own.
  `      - {name: authorize, <<: *url-only, message: Authorize., url: ${NEW_URL}}`,
  '      - {name: confirm, mode: form, message: Approve?, requestedSchema: {type: object, properties: {approved: {type: boolean}}, required: [approved]}}',
  '    interactionExamples:',
  '      e:',
  '        steps:',
];

/** The document with these steps (each given as its lines, the first after `- `). */
function documentWith(...steps: string[][]): string {
  const lines = [...HEAD];
  for (const step of steps)
    lines.push(...step.map((line, index) => (index === 0 ? `          - ${line}` : `            ${line}`)));
  return `${lines.join('\n')}\n`;
}

/** The document with a `step` anchor among the shared ones, and these step lines. */
function documentWithSharedStep(step: string, ...lines: string[]): string {
  const tools = HEAD.indexOf('tools:');
  return [...HEAD.slice(0, tools), `  step: &step ${step}`, ...HEAD.slice(tools), ...lines, ''].join('\n');
}

function violations(text: string): string[] {
  return checkDocument(text, elicitationOnly(YAML)).diagnostics.map((diagnostic) => diagnostic.data.violation);
}

function fixesOf(text: string, violation: string, nth = 0): Fix[] {
  const result = checkDocument(text, elicitationOnly(YAML));
  const diagnostic = result.diagnostics.filter((candidate) => candidate.data.violation === violation)[nth];
  assert.ok(diagnostic, `expected a ${violation} diagnostic; got ${violations(text).join(', ')}`);
  return result.fixesFor(diagnostic);
}

function onlyFix(text: string, violation: string, nth = 0): Fix {
  const fixes = fixesOf(text, violation, nth);
  assert.equal(fixes.length, 1, `one fix expected: ${fixes.map((fix) => fix.title).join(', ')}`);
  return fixes[0];
}

/** One insertion of `newText` right after the `nth` occurrence of `after` in `text`. */
function insertionAfter(text: string, after: string, newText: string, nth = 0): TextEdit[] {
  let at = -1;
  for (let index = 0; index <= nth; index++) at = text.indexOf(after, at + 1);
  assert.ok(at >= 0, `'${after}' is in the text`);
  const offset = at + after.length;
  return [{ range: new LineIndex(text).rangeOf(offset, 0), newText }];
}

/** The fix's edits applied: they must be `expected`, and the result must read as YAML without errors. */
function applyExpected(text: string, fix: Fix, expected: TextEdit[]): string {
  assert.deepEqual(fix.edits, expected);
  const result = applyEdits(text, fix.edits);
  assert.ok(parsesAs(result, 'yaml'), `the result parses as YAML:\n${result}`);
  return result;
}

interface Meaning {
  shared: Record<string, unknown>;
  steps: Array<Record<string, unknown>>;
}

/** What the `yaml` package reads (merges applied). */
function meaningOf(text: string): Meaning {
  const root = parseDocument(text, { merge: true }).toJS() as {
    'x-shared': Record<string, unknown>;
    tools: Array<{ interactionExamples: { e: { steps: Array<Record<string, unknown>> } } }>;
  };
  return { shared: root['x-shared'], steps: root.tools[0].interactionExamples.e.steps };
}

describe('YAML fixes on a value merged in with `<<`: an own member overrides it', () => {
  const mergesUrlRequest = [
    'type: elicitation',
    'declaration: authorize',
    'request:',
    '  <<: *url-request',
    'response: {action: decline}',
  ];

  it('overrides a url merged from an anchor in the step being fixed; another step merging the anchor keeps its meaning', () => {
    const text = documentWith(mergesUrlRequest, mergesUrlRequest);
    assert.deepEqual(violations(text), ['url-mismatch', 'url-mismatch']);
    const fix = onlyFix(text, 'url-mismatch', 0);
    assert.equal(fix.title, "Use the request of declaration 'authorize'");
    const fixed = applyExpected(text, fix, insertionAfter(text, '  <<: *url-request', `\n              url: ${NEW_URL}`, 0));
    const before = meaningOf(text);
    const after = meaningOf(fixed);
    assert.deepEqual(after.shared, before.shared, 'the anchor is unchanged');
    assert.deepEqual(after.steps[1], before.steps[1], 'the other step merging the anchor is unchanged');
    assert.deepEqual(after.steps[0].request, { mode: 'url', message: 'Authorize.', url: NEW_URL });
    const diagnostics = checkDocument(fixed, elicitationOnly(YAML)).diagnostics;
    assert.deepEqual(
      diagnostics.map((diagnostic) => diagnostic.data.violation),
      ['url-mismatch'],
    );
    assert.equal(
      fixed.slice(diagnostics[0].data.offset, diagnostics[0].data.offset + diagnostics[0].data.length),
      '*url-request',
    );
    assert.ok(diagnostics[0].data.offset > fixed.indexOf(`url: ${NEW_URL}\n`), 'the diagnostic left is the other step’s');
  });

  it('fix-all overrides the url in each step and leaves the anchor as it was', () => {
    const text = documentWith(mergesUrlRequest, mergesUrlRequest);
    const result = fixAll(text, elicitationOnly(YAML));
    const override = `  <<: *url-request\n              url: ${NEW_URL}\n`;
    assert.equal(result.text, text.split('  <<: *url-request\n').join(override));
    assert.ok(parsesAs(result.text, 'yaml'));
    assert.deepEqual(meaningOf(result.text).shared, meaningOf(text).shared);
    assert.deepEqual(violations(result.text), []);
  });

  it('overrides a url merged from an inline flow mapping in a list of sources, leaving the inline mapping alone', () => {
    const text = documentWith([
      'type: elicitation',
      'declaration: authorize',
      'request:',
      `  <<: [{url: ${OLD_URL}}, *url-only]`,
      'response: {action: decline}',
    ]);
    const fixed = applyExpected(
      text,
      onlyFix(text, 'url-mismatch'),
      insertionAfter(text, `<<: [{url: ${OLD_URL}}, *url-only]`, `\n              url: ${NEW_URL}`),
    );
    assert.ok(fixed.includes(`<<: [{url: ${OLD_URL}}, *url-only]`));
    assert.deepEqual(meaningOf(fixed).steps[0].request, { mode: 'url', url: NEW_URL });
    assert.deepEqual(violations(fixed), []);
  });

  it('overrides a url merged from an inline block mapping, at the column of the mapping’s keys', () => {
    const text = documentWith([
      'type: elicitation',
      'declaration: authorize',
      'request:',
      '  mode: url',
      '  <<:',
      `    url: ${OLD_URL}   # inline source`,
      'response: {action: decline}',
    ]);
    const fixed = applyExpected(
      text,
      onlyFix(text, 'url-mismatch'),
      insertionAfter(text, '# inline source', `\n              url: ${NEW_URL}`),
    );
    assert.deepEqual(meaningOf(fixed).steps[0].request, { mode: 'url', url: NEW_URL });
    assert.deepEqual(violations(fixed), []);
  });

  it('overrides in a flow mapping in flow style, and a multi-line flow mapping one member a line', () => {
    const inline = documentWith([
      'type: elicitation',
      'declaration: authorize',
      'request: {<<: *url-request}',
      'response: {action: decline}',
    ]);
    const fixed = applyExpected(
      inline,
      onlyFix(inline, 'url-mismatch'),
      insertionAfter(inline, '{<<: *url-request', `, url: ${NEW_URL}`),
    );
    assert.deepEqual(violations(fixed), []);

    const multiLine = documentWith([
      'type: elicitation',
      'declaration: authorize',
      'request: {',
      '  <<: *url-request',
      '}',
      'response: {action: decline}',
    ]);
    const fixedLines = applyExpected(
      multiLine,
      onlyFix(multiLine, 'url-mismatch'),
      insertionAfter(multiLine, '  <<: *url-request', `,\n              url: ${NEW_URL}`),
    );
    assert.deepEqual(violations(fixedLines), []);
  });

  it('a mode mismatch with mode and schema both merged: one insertion with both, the stale merged url left to the source', () => {
    const text = documentWith([
      'type: elicitation',
      'declaration: confirm',
      'request:',
      '  <<: *url-request',
      'response: {action: decline}',
    ]);
    const fix = onlyFix(text, 'mode-mismatch');
    const fixed = applyExpected(
      text,
      fix,
      insertionAfter(
        text,
        '  <<: *url-request',
        '\n              mode: form\n              requestedSchema: {type: object, properties: {approved: {type: boolean}}, required: [approved]}',
      ),
    );
    assert.deepEqual(meaningOf(fixed).steps[0].request, {
      mode: 'form',
      message: 'Authorize.',
      url: OLD_URL,
      requestedSchema: { type: 'object', properties: { approved: { type: 'boolean' } }, required: ['approved'] },
    });
    assert.deepEqual(violations(fixed), []);
  });

  it('"Change to" a declaration merged in with the whole step: an own declaration in the step', () => {
    const text = documentWithSharedStep(
      '{type: elicitation, declaration: authorise, request: *url-new, response: {action: decline}}',
      '          - <<: *step',
      '          - <<: *step',
    );
    const fix = fixesOf(text, 'unknown-declaration', 0).find((candidate) => candidate.title === "Change to 'authorize'");
    assert.ok(fix?.isPreferred);
    const fixed = applyExpected(text, fix, insertionAfter(text, '- <<: *step', '\n            declaration: authorize', 0));
    assert.deepEqual(meaningOf(fixed).steps[1], meaningOf(text).steps[1]);
    assert.deepEqual(violations(fixed), ['unknown-declaration']);
    assert.equal(
      fixAll(text, elicitationOnly(YAML)).text,
      text.split('- <<: *step\n').join('- <<: *step\n            declaration: authorize\n'),
    );
  });

  it('a request that is itself merged in is overridden as a whole in the step, never edited in its source', () => {
    const text = documentWithSharedStep(
      `{type: elicitation, declaration: authorize, request: {mode: url, url: ${OLD_URL}}, response: {action: decline}}`,
      '          - <<: *step',
      `          - <<: {type: elicitation, declaration: authorize, request: {mode: url, url: ${OLD_URL}}, response: {action: decline}}`,
    );
    const request = `\n            request:\n              mode: url\n              url: ${NEW_URL}`;
    const fromAnchor = applyExpected(text, onlyFix(text, 'url-mismatch', 0), insertionAfter(text, '- <<: *step', request));
    assert.deepEqual(violations(fromAnchor), ['url-mismatch']);
    const fromInline = applyExpected(
      text,
      onlyFix(text, 'url-mismatch', 1),
      insertionAfter(text, 'response: {action: decline}}', request, 1),
    );
    assert.deepEqual(violations(fromInline), ['url-mismatch']);
    assert.deepEqual(meaningOf(fromInline).shared, meaningOf(text).shared);
  });
});

describe('YAML fixes that would have to remove a merged member are not offered', () => {
  it('no "Remove content" for content merged in: the source is shared', () => {
    const text = documentWith(
      ['type: elicitation', 'declaration: authorize', 'request: *url-new', 'response:', '  <<: *accepted'],
      ['type: elicitation', 'declaration: authorize', 'request: *url-new', 'response: {<<: [{content: {}}, *declined]}'],
    );
    assert.deepEqual(violations(text), ['unexpected-content', 'unexpected-content']);
    assert.deepEqual(fixesOf(text, 'unexpected-content', 0), []);
    assert.deepEqual(fixesOf(text, 'unexpected-content', 1), []);
    assert.equal(fixAll(text, elicitationOnly(YAML)).text, text);
  });

  it('no "Remove content" for own content that overrides a merged one: the merged one would show', () => {
    const text = documentWith([
      'type: elicitation',
      'declaration: authorize',
      'request: *url-new',
      'response: {<<: *accepted, content: null}',
    ]);
    assert.deepEqual(violations(text), ['unexpected-content']);
    assert.deepEqual(fixesOf(text, 'unexpected-content'), []);
  });

  it('removes own content next to a merge that has none, leaving the `<<` pair', () => {
    const block = documentWith([
      'type: elicitation',
      'declaration: authorize',
      'request: *url-new',
      'response:',
      '  <<: *declined',
      '  content: {}',
    ]);
    const fixed = applyExpected(block, onlyFix(block, 'unexpected-content'), [
      { range: new LineIndex(block).rangeOf(block.indexOf('              content: {}\n'), 27), newText: '' },
    ]);
    assert.ok(fixed.endsWith('            response:\n              <<: *declined\n'));
    assert.deepEqual(violations(fixed), []);

    const flow = documentWith([
      'type: elicitation',
      'declaration: authorize',
      'request: *url-new',
      'response: {<<: *declined, content: {}}',
    ]);
    const at = flow.indexOf(', content: {}');
    const fixedFlow = applyExpected(flow, onlyFix(flow, 'unexpected-content'), [
      { range: new LineIndex(flow).rangeOf(at, ', content: {}'.length), newText: '' },
    ]);
    assert.ok(fixedFlow.includes('response: {<<: *declined}'));
    assert.deepEqual(violations(fixedFlow), []);
  });
});

describe('YAML fixes adding a member to a mapping made only of a `<<` merge', () => {
  it('adds content under a block response that only merges, at the `<<`’s column', () => {
    const text = documentWith([
      'type: elicitation',
      'declaration: confirm',
      'request: *form-request',
      'response:',
      '  <<: *accepted-bare',
    ]);
    assert.deepEqual(violations(text), ['schema-mismatch', 'missing-content']);
    const fixed = applyExpected(
      text,
      onlyFix(text, 'missing-content'),
      insertionAfter(text, '<<: *accepted-bare', '\n              content: {}'),
    );
    assert.deepEqual(meaningOf(fixed).steps[0].response, { action: 'accept', content: {} });
    assert.deepEqual(violations(fixed), ['schema-mismatch']);
  });

  it('adds content to a flow response that only merges, after the `<<` pair', () => {
    const text = documentWith([
      'type: elicitation',
      'declaration: confirm',
      'request: *form-request',
      'response: {<<: *accepted-bare}',
    ]);
    const fixed = applyExpected(
      text,
      onlyFix(text, 'missing-content'),
      insertionAfter(text, '{<<: *accepted-bare', ', content: {}'),
    );
    assert.deepEqual(violations(fixed), ['schema-mismatch']);
  });

  it('adds the mode to a request of a compact mapping made only of `<<: [{e}]`', () => {
    const text = documentWith([
      'type: elicitation',
      'declaration: authorize',
      'request:',
      '   <<: [{e}]',
      'response: {action: cancel}',
    ]);
    assert.deepEqual(violations(text), ['mode-mismatch']);
    const fixed = applyExpected(
      text,
      onlyFix(text, 'mode-mismatch'),
      insertionAfter(text, '<<: [{e}]', `\n               mode: url\n               url: ${NEW_URL}`),
    );
    assert.deepEqual(meaningOf(fixed).steps[0].request, { e: null, mode: 'url', url: NEW_URL });
    assert.deepEqual(violations(fixed), []);
  });

  it('changes a merged misspelled declaration in a step that is only `- <<: *step`: an own member after the pair', () => {
    const text = documentWithSharedStep(
      '{type: elicitation, declaration: authorise, request: *url-new, response: {action: decline}}',
      '          - <<: *step',
    );
    const fix = fixesOf(text, 'unknown-declaration').find((candidate) => candidate.isPreferred);
    assert.equal(fix?.title, "Change to 'authorize'");
    const fixed = applyExpected(text, fix, insertionAfter(text, '- <<: *step', '\n            declaration: authorize'));
    assert.deepEqual(violations(fixed), []);
  });

  it('with an explicit `? <<` key: no member added after it; a request is rewritten as a whole instead', () => {
    const text = documentWith(
      ['type: elicitation', 'declaration: authorize', 'request:', '  ? <<', '  : *url-request', 'response: {action: decline}'],
      [
        'type: elicitation',
        'declaration: confirm',
        'request: {requestedSchema: {type: object, properties: {approved: {type: boolean}}, required: [approved]}}',
        'response:',
        '  ? <<',
        '  : *accepted-bare',
      ],
    );
    assert.deepEqual(violations(text), ['url-mismatch', 'missing-content']);
    assert.deepEqual(fixesOf(text, 'missing-content'), []);
    const start = text.indexOf('? <<');
    const end = text.indexOf('*url-request\n', start) + '*url-request'.length;
    const fixed = applyExpected(text, onlyFix(text, 'url-mismatch'), [
      {
        range: new LineIndex(text).rangeOf(start, end - start),
        newText: `mode: url\n              message: Authorize.\n              url: ${NEW_URL}`,
      },
    ]);
    assert.deepEqual(meaningOf(fixed).steps[0].request, { mode: 'url', message: 'Authorize.', url: NEW_URL });
    assert.deepEqual(violations(fixed), ['missing-content']);
  });

  it('offers nothing where it cannot write a valid member: a tagged merge key', () => {
    const text = documentWith([
      'type: elicitation',
      'declaration: authorize',
      'request:',
      '  !!merge <<: *url-request',
      'response: {action: decline}',
    ]);
    assert.deepEqual(violations(text), ['url-mismatch']);
    assert.deepEqual(fixesOf(text, 'url-mismatch'), []);
    assert.equal(fixAll(text, elicitationOnly(YAML)).text, text);
  });
});

describe('YamlEditor next to `<<` pairs', () => {
  function editing(text: string): { root: ValueNode; editor: YamlEditor } {
    const parsed = parseYamlDocuments(text);
    assert.deepEqual(parsed.errors, []);
    return { root: parsed.documents[0].root!, editor: new YamlEditor(text) };
  }

  function applied(text: string, edits: OffsetEdit[]): string {
    assert.ok(edits.length > 0, 'expected edits');
    const result = applyOffsetEdits(text, edits);
    assert.ok(parsesAs(result, 'yaml'), `the result parses as YAML:\n${result}`);
    return result;
  }

  it('tells merged members from own ones', () => {
    const { root, editor } = editing('a: &a {x: 1}\nm:\n  <<: [*a, {y: 2}]\n  z: 3\n');
    assert.equal(editor.isInherited(propertyAt(root, 'm', 'x')), true);
    assert.equal(editor.isInherited(propertyAt(root, 'm', 'y')), true);
    assert.equal(editor.isInherited(propertyAt(root, 'm', 'z')), false);
    assert.equal(editor.isInherited(propertyAt(root, 'a', 'x')), false);
  });

  it('replaces a value merged from an inline source by an own member, and refuses anything deeper in it', () => {
    const text = 'm:\n  <<: {x: 2, n: {y: 1}}\n';
    const { root, editor } = editing(text);
    assert.equal(
      applied(text, editor.replaceValue(valueAt(root, 'm', 'x'), { json: 5 })),
      'm:\n  <<: {x: 2, n: {y: 1}}\n  x: 5\n',
    );
    assert.equal(applied(text, editor.replaceString(valueAt(root, 'm', 'x'), 'str')), 'm:\n  <<: {x: 2, n: {y: 1}}\n  x: str\n');
    assert.deepEqual(editor.replaceValue(valueAt(root, 'm', 'n', 'y'), { json: 5 }), []);
    assert.deepEqual(editor.addMembers(valueAt(root, 'm', 'n'), [['z', { json: 1 }]]), []);
    assert.deepEqual(editor.removeMember(propertyAt(root, 'm', 'n', 'y')), []);
  });

  it('neither replaces nor removes a merged member in place', () => {
    const text = 'a: &a {x: 1}\nm:\n  <<: *a\n';
    const { root, editor } = editing(text);
    assert.deepEqual(editor.replaceMember(propertyAt(root, 'm', 'x'), 'y', { json: 2 }), []);
    assert.deepEqual(editor.removeMember(propertyAt(root, 'm', 'x')), []);
  });

  it('adds after a `<<` whose sources are a block sequence, at the `<<`’s column', () => {
    const text = 'a: &a {x: 1}\nm:\n  <<:\n    - *a\n    - {y: 2}\nn: 1\n';
    const { root, editor } = editing(text);
    assert.equal(
      applied(text, editor.addMembers(valueAt(root, 'm'), [['z', { json: 3 }]])),
      'a: &a {x: 1}\nm:\n  <<:\n    - *a\n    - {y: 2}\n  z: 3\nn: 1\n',
    );
  });

  it('removing an own member leaves the `<<` pairs: a line, the first member of a compact mapping, one flow separator', () => {
    const block = 'a: &a {x: 1}\nm:\n  <<: *a\n  content: 1\n';
    const onlyOwn = editing(block);
    assert.equal(
      applied(block, onlyOwn.editor.removeMember(propertyAt(onlyOwn.root, 'm', 'content'))),
      'a: &a {x: 1}\nm:\n  <<: *a\n',
    );

    const compact = 'a: &a {x: 1}\nlist:\n  - content: 1\n    <<: *a\n';
    const first = editing(compact);
    assert.equal(
      applied(compact, first.editor.removeMember(propertyAt(first.root, 'list', 0, 'content'))),
      'a: &a {x: 1}\nlist:\n  - <<: *a\n',
    );

    for (const flow of ['a: &a {x: 1}\nm: {<<: *a, c: 1}\n', 'a: &a {x: 1}\nm: {c: 1, <<: *a}\n']) {
      const { root, editor } = editing(flow);
      assert.equal(applied(flow, editor.removeMember(propertyAt(root, 'm', 'c'))), 'a: &a {x: 1}\nm: {<<: *a}\n');
    }
  });

  it('does not remove an own member that overrides a merged one', () => {
    const text = 'a: &a {x: 1}\nm:\n  <<: *a\n  x: 2\n';
    const { root, editor } = editing(text);
    assert.deepEqual(editor.removeMember(propertyAt(root, 'm', 'x')), []);
  });
});
