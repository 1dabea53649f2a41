// Quick-fixes: each one applied to its document, the result re-checked. The diagnostic must go,
// nothing new may appear, and what the fix did not have to touch stays byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, checkDocument, fixAll, type Fix, type FormattingOptions } from '../../server/src/checker';
import { AUTHORIZE, CONFIRM, CONFIRM_SCHEMA, documentOf, formStep, tool } from '../support/documents';

function violations(text: string): string[] {
  return checkDocument(text).diagnostics.map((diagnostic) => diagnostic.data.violation);
}

function fixesOf(text: string, violation: string, formatting?: FormattingOptions): Fix[] {
  const result = checkDocument(text);
  const diagnostic = result.diagnostics.find((candidate) => candidate.data.violation === violation);
  assert.ok(diagnostic, `expected a ${violation} diagnostic; got ${violations(text).join(', ')}`);
  return result.fixesFor(diagnostic, formatting);
}

function applyFix(text: string, violation: string, title: string, formatting?: FormattingOptions): string {
  const fixes = fixesOf(text, violation, formatting);
  const fix = fixes.find((candidate) => candidate.title === title);
  assert.ok(fix, `expected fix '${title}'; got ${fixes.map((candidate) => candidate.title).join(' | ')}`);
  return applyEdits(text, fix.edits);
}

function preferredTitle(text: string, violation: string): string | undefined {
  const preferred = fixesOf(text, violation).filter((fix) => fix.isPreferred);
  assert.ok(preferred.length <= 1, 'at most one preferred fix per diagnostic');
  return preferred[0]?.title;
}

const rulePageInvalidStep = {
  type: 'elicitation',
  declaration: 'missing',
  request: AUTHORIZE,
  response: { action: 'accept', content: { approved: true } },
};

test('rule page fixture: Declare is preferred, declares a url elicitation, then Remove content leaves the document clean', () => {
  const text = documentOf(tool({ elicitations: { confirm: CONFIRM }, steps: [rulePageInvalidStep] }));
  assert.deepEqual(violations(text), ['unknown-declaration', 'unexpected-content']);
  assert.equal(preferredTitle(text, 'unknown-declaration'), "Declare elicitation 'missing' on tool 'prepare_release'");
  const declared = applyFix(text, 'unknown-declaration', "Declare elicitation 'missing' on tool 'prepare_release'");
  assert.deepEqual(violations(declared), ['unexpected-content']);
  const parsed = JSON.parse(declared);
  assert.deepEqual(parsed.tools[0].elicitations.missing, AUTHORIZE);
  const clean = applyFix(declared, 'unexpected-content', 'Remove content');
  assert.deepEqual(violations(clean), []);
  assert.deepEqual(JSON.parse(clean).tools[0].interactionExamples.example.steps[0].response, { action: 'accept' });
});

test('a near miss prefers "Change to" the close name; Declare is still offered', () => {
  const text = documentOf(tool({ elicitations: { confirm: CONFIRM }, steps: [formStep('confrim', { action: 'accept', content: { approved: true } })] }));
  const fixes = fixesOf(text, 'unknown-declaration');
  assert.deepEqual(fixes.map((fix) => [fix.title, fix.isPreferred]), [
    ["Change to 'confirm'", true],
    ["Declare elicitation 'confrim' on tool 'prepare_release'", false],
  ]);
  assert.deepEqual(violations(applyFix(text, 'unknown-declaration', "Change to 'confirm'")), []);
  const declared = applyFix(text, 'unknown-declaration', "Declare elicitation 'confrim' on tool 'prepare_release'");
  assert.deepEqual(violations(declared), []);
});

test('"Change to" lists at most five same-mode names, closest first', () => {
  const elicitations: Record<string, unknown> = { authorize: AUTHORIZE };
  for (const name of ['approve', 'confirm', 'confirmed', 'conform', 'x', 'review', 'sign']) elicitations[name] = CONFIRM;
  const text = documentOf(tool({ elicitations, steps: [formStep('confirn', { action: 'accept', content: { approved: true } })] }));
  const titles = fixesOf(text, 'unknown-declaration').map((fix) => fix.title).filter((title) => title.startsWith('Change'));
  assert.deepEqual(titles, ["Change to 'confirm'", "Change to 'conform'", "Change to 'confirmed'", "Change to 'sign'", "Change to 'review'"]);
});

test('Declare creates `elicitations` when the tool has none, before interactionExamples', () => {
  const text = documentOf(tool({ steps: [formStep('confirm', { action: 'accept', content: { approved: true } })] }));
  const fixed = applyFix(text, 'unknown-declaration', "Declare elicitation 'confirm' on tool 'prepare_release'");
  assert.deepEqual(violations(fixed), []);
  const parsedTool = JSON.parse(fixed).tools[0];
  assert.deepEqual(Object.keys(parsedTool), ['name', 'inputSchema', 'elicitations', 'interactionExamples']);
  assert.deepEqual(parsedTool.elicitations.confirm, CONFIRM);
});

test('Declare into an empty `elicitations` object', () => {
  const text = documentOf(tool({ elicitations: {}, steps: [formStep('confirm', { action: 'decline' })] }));
  const fixed = applyFix(text, 'unknown-declaration', "Declare elicitation 'confirm' on tool 'prepare_release'");
  assert.deepEqual(violations(fixed), []);
  assert.match(fixed, /"elicitations": \{\n        "confirm": \{\n          "mode": "form",/);
});

test('Declare is not offered when the declaration it would write is itself invalid; a same-mode name is preferred instead', () => {
  const text = documentOf(tool({ elicitations: { confirm: CONFIRM }, steps: [formStep('zzz', { action: 'decline' }, { message: 'no schema' })] }));
  const fixes = fixesOf(text, 'unknown-declaration');
  assert.deepEqual(fixes.map((fix) => [fix.title, fix.isPreferred]), [["Change to 'confirm'", true]]);
});

test('prototype names are unknown until declared, and Declare makes them real', () => {
  for (const name of ['toString', '__proto__', 'constructor']) {
    const text = documentOf(tool({ elicitations: { confirm: CONFIRM }, steps: [formStep(name, { action: 'accept', content: { approved: true } })] }));
    assert.deepEqual(violations(text), ['unknown-declaration'], name);
    const fixed = applyFix(text, 'unknown-declaration', `Declare elicitation '${name}' on tool 'prepare_release'`);
    assert.deepEqual(violations(fixed), [], name);
  }
});

test('Remove content keeps comments and untouched lines (JSONC, content not last)', () => {
  const text = [
    '{',
    '  "mcpdesc": "0.9.0-rc.3",',
    '  "tools": [{',
    '    "name": "t",',
    '    "elicitations": { "confirm": { "requestedSchema": { "type": "object" } } },',
    '    "interactionExamples": { "e": { "steps": [',
    '      {',
    '        "type": "elicitation", // the step',
    '        "declaration": "confirm",',
    '        "request": { "requestedSchema": { "type": "object" } },',
    '        "response": {',
    '          // declined, so no content',
    '          "content": { "x": 1 }, // stale',
    '          "action": "decline",',
    '        },',
    '      },',
    '    ] } }',
    '  }]',
    '}',
    '',
  ].join('\n');
  assert.deepEqual(violations(text), ['unexpected-content']);
  const fixed = applyFix(text, 'unexpected-content', 'Remove content');
  assert.deepEqual(violations(fixed), []);
  const expected = text.replace('          "content": { "x": 1 }, // stale\n', '');
  assert.equal(fixed, expected);
});

test('Remove content when it is the last member keeps the comment after the previous member', () => {
  const text = [
    '{ "mcpdesc": "1", "tools": [ { "elicitations": { "a": { "mode": "url" } }, "interactionExamples": { "e": { "steps": [',
    '  {',
    '    "type": "elicitation", "declaration": "a", "request": { "mode": "url", "url": "https://x" },',
    '    "response": {',
    '      "action": "accept", // yes',
    '      "content": {',
    '        "k": 1',
    '      }',
    '    }',
    '  }',
    '] } } } ] }',
  ].join('\r\n');
  const fixed = applyFix(text, 'unexpected-content', 'Remove content');
  assert.deepEqual(violations(fixed), []);
  assert.ok(fixed.includes('"action": "accept" // yes\r\n    }'), fixed);
});

test('Add content fills every required property: default, else first enum value, else an empty value of its type', () => {
  const schema = {
    type: 'object',
    properties: {
      approved: { type: 'boolean' },
      channel: { type: 'string', enum: ['stable', 'beta'] },
      count: { type: 'integer', default: 3 },
      note: { type: 'string' },
      ratio: { type: 'number' },
      optional: { type: 'string' },
    },
    required: ['approved', 'channel', 'count', 'note', 'ratio'],
  };
  const text = documentOf(tool({
    elicitations: { confirm: { requestedSchema: schema } },
    steps: [formStep('confirm', { action: 'accept' }, { requestedSchema: schema })],
  }));
  assert.deepEqual(violations(text), ['missing-content']);
  const fixed = applyFix(text, 'missing-content', 'Add content');
  assert.deepEqual(JSON.parse(fixed).tools[0].interactionExamples.example.steps[0].response.content,
    { approved: false, channel: 'stable', count: 3, note: '', ratio: 0 });
  assert.deepEqual(violations(fixed), []);
});

test('Use the request of the declaration: url request of a form declaration becomes the form request', () => {
  const text = documentOf(tool({ elicitations: { confirm: CONFIRM }, steps: [formStep('confirm', { action: 'decline' }, AUTHORIZE)] }));
  assert.deepEqual(violations(text), ['mode-mismatch']);
  const fixed = applyFix(text, 'mode-mismatch', "Use the request of declaration 'confirm'");
  assert.deepEqual(violations(fixed), []);
  assert.deepEqual(JSON.parse(fixed).tools[0].interactionExamples.example.steps[0].request,
    { mode: 'form', message: 'Authorize publication.', requestedSchema: CONFIRM_SCHEMA });
});

test('Use the request of the declaration: form request without mode of a url declaration gets mode and url', () => {
  const text = documentOf(tool({ elicitations: { authorize: AUTHORIZE }, steps: [formStep('authorize', { action: 'cancel' }, { message: 'Go', requestedSchema: CONFIRM_SCHEMA })] }));
  assert.deepEqual(violations(text), ['mode-mismatch']);
  const fixed = applyFix(text, 'mode-mismatch', "Use the request of declaration 'authorize'");
  assert.deepEqual(violations(fixed), []);
  assert.deepEqual(JSON.parse(fixed).tools[0].interactionExamples.example.steps[0].request,
    { message: 'Go', url: AUTHORIZE.url, mode: 'url' });
});

test('Use the request of the declaration: schema and url mismatches, and a step with no request at all', () => {
  const otherSchema = { type: 'object', properties: { ok: { type: 'string' } } };
  const schemaText = documentOf(tool({ elicitations: { confirm: CONFIRM }, steps: [formStep('confirm', { action: 'decline' }, { requestedSchema: otherSchema })] }));
  assert.deepEqual(violations(applyFix(schemaText, 'schema-mismatch', "Use the request of declaration 'confirm'")), []);

  const urlText = documentOf(tool({ elicitations: { authorize: AUTHORIZE }, steps: [formStep('authorize', { action: 'accept' }, { mode: 'url', url: 'https://elsewhere' })] }));
  assert.deepEqual(violations(urlText), ['url-mismatch']);
  assert.deepEqual(violations(applyFix(urlText, 'url-mismatch', "Use the request of declaration 'authorize'")), []);

  const noRequest = documentOf(tool({ elicitations: { confirm: CONFIRM }, steps: [{ type: 'elicitation', declaration: 'confirm', response: { action: 'decline' } }] }));
  assert.deepEqual(violations(noRequest), ['schema-mismatch']);
  const fixed = applyFix(noRequest, 'schema-mismatch', "Use the request of declaration 'confirm'");
  assert.deepEqual(violations(fixed), []);
});

test('inserted text follows the document: tabs and CRLF, or the client formatting options', () => {
  const base = documentOf(tool({ elicitations: { confirm: CONFIRM }, steps: [rulePageInvalidStep] }));
  const tabbed = base.replace(/^( +)/gm, (spaces) => '\t'.repeat(spaces.length / 2)).replace(/\n/g, '\r\n');
  const fixed = applyFix(tabbed, 'unknown-declaration', "Declare elicitation 'missing' on tool 'prepare_release'");
  assert.ok(fixed.includes(',\r\n\t\t\t\t"missing": {\r\n\t\t\t\t\t"mode": "url",\r\n'), JSON.stringify(fixed.slice(0, 900)));
  assert.ok(!/[^\r]\n/.test(fixed), 'only CRLF line breaks');

  const withOptions = applyFix(base, 'unknown-declaration',
    "Declare elicitation 'missing' on tool 'prepare_release'", { tabSize: 4, insertSpaces: true });
  assert.ok(withOptions.includes('\n        "missing": {\n            "mode": "url",'), withOptions);
});

test('fix-all applies every preferred fix, across tools, and leaves comments alone', () => {
  const text = documentOf(
    tool({ elicitations: { confirm: CONFIRM }, steps: [rulePageInvalidStep, formStep('confrim', { action: 'accept' })] }),
    tool({ name: 'second', steps: [formStep('confirm', { action: 'decline', content: {} })] }),
  ).replace('"tools": [', '"tools": [ // all of them');
  const before = violations(text);
  assert.deepEqual(before, ['unknown-declaration', 'unexpected-content', 'unknown-declaration', 'missing-content', 'unknown-declaration', 'unexpected-content']);
  const result = fixAll(text);
  assert.deepEqual(violations(result.text), []);
  assert.ok(result.text.includes('"tools": [ // all of them'));
  assert.equal(applyEdits(text, result.edits), result.text);
  assert.ok(result.applied >= 6);
});

test('fix-all on a clean document changes nothing', () => {
  const text = documentOf(tool({ elicitations: { confirm: CONFIRM }, steps: [formStep('confirm', { action: 'accept', content: { approved: true } })] }));
  const result = fixAll(text);
  assert.equal(result.text, text);
  assert.deepEqual(result.edits, []);
  assert.equal(result.applied, 0);
});

test('Declare is offered only when every step naming the declaration sends the same request', () => {
  const other = { ...rulePageInvalidStep, request: { ...AUTHORIZE, url: 'https://elsewhere.example.com' } };
  const conflicting = documentOf(tool({ elicitations: { confirm: CONFIRM }, steps: [rulePageInvalidStep, other] }));
  const titles = fixesOf(conflicting, 'unknown-declaration').map((fix) => fix.title);
  assert.ok(!titles.some((title) => title.startsWith('Declare')), titles.join(' | '));

  const agreeing = documentOf(tool({ elicitations: { confirm: CONFIRM }, steps: [rulePageInvalidStep, { ...rulePageInvalidStep }] }));
  const declared = applyFix(agreeing, 'unknown-declaration', "Declare elicitation 'missing' on tool 'prepare_release'");
  assert.deepEqual(violations(declared), ['unexpected-content', 'unexpected-content']);
});
