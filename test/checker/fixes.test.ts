// Quick-fixes: each one applied to its document, the result re-checked. The diagnostic must go,
// nothing new may appear, and what the fix did not have to touch stays byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, checkDocument, fixAll, type Fix, type FormattingOptions } from '../../server/src/checker';
import { DECLARATION_RULE_ID } from '../../shared/src/rules';
import { AUTHORIZE, CONFIRM, CONFIRM_SCHEMA, documentOf, formStep, requestOf, tool } from '../support/documents';
import { elicitationOnly } from '../support/ruleScope';

function violations(text: string): string[] {
  return checkDocument(text, elicitationOnly()).diagnostics.map((diagnostic) => diagnostic.data.violation);
}

function fixesOf(text: string, violation: string, formatting?: FormattingOptions): Fix[] {
  const result = checkDocument(text, elicitationOnly());
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
  request: requestOf(AUTHORIZE),
  response: { action: 'accept', content: { approved: true } },
};

test('rule page fixture: Declare is preferred, declares a url elicitation, then Remove content leaves the document clean', () => {
  const text = documentOf(tool({ elicitations: [CONFIRM], steps: [rulePageInvalidStep] }));
  assert.deepEqual(violations(text), ['unknown-declaration', 'unexpected-content']);
  assert.equal(preferredTitle(text, 'unknown-declaration'), "Declare elicitation 'missing' on tool 'prepare_release'");
  const declared = applyFix(text, 'unknown-declaration', "Declare elicitation 'missing' on tool 'prepare_release'");
  assert.deepEqual(violations(declared), ['unexpected-content']);
  const parsed = JSON.parse(declared);
  assert.deepEqual(parsed.tools[0].elicitations, [CONFIRM, { ...AUTHORIZE, name: 'missing' }]);
  const clean = applyFix(declared, 'unexpected-content', 'Remove content');
  assert.deepEqual(violations(clean), []);
  assert.deepEqual(JSON.parse(clean).tools[0].interactionExamples.example.steps[0].response, { action: 'accept' });
});

test('a near miss prefers "Change to" the close name; Declare is still offered', () => {
  const text = documentOf(
    tool({ elicitations: [CONFIRM], steps: [formStep('confrim', { action: 'accept', content: { approved: true } })] }),
  );
  const fixes = fixesOf(text, 'unknown-declaration');
  assert.deepEqual(
    fixes.map((fix) => [fix.title, fix.isPreferred]),
    [
      ["Change to 'confirm'", true],
      ["Declare elicitation 'confrim' on tool 'prepare_release'", false],
    ],
  );
  assert.deepEqual(violations(applyFix(text, 'unknown-declaration', "Change to 'confirm'")), []);
  const declared = applyFix(text, 'unknown-declaration', "Declare elicitation 'confrim' on tool 'prepare_release'");
  assert.deepEqual(violations(declared), []);
});

test('"Change to" lists at most five same-mode names, closest first', () => {
  const elicitations: unknown[] = [AUTHORIZE];
  for (const name of ['approve', 'confirm', 'confirmed', 'conform', 'x', 'review', 'sign'])
    elicitations.push({ ...CONFIRM, name });
  const text = documentOf(
    tool({ elicitations, steps: [formStep('confirn', { action: 'accept', content: { approved: true } })] }),
  );
  const titles = fixesOf(text, 'unknown-declaration')
    .map((fix) => fix.title)
    .filter((title) => title.startsWith('Change'));
  assert.deepEqual(titles, [
    "Change to 'confirm'",
    "Change to 'conform'",
    "Change to 'confirmed'",
    "Change to 'sign'",
    "Change to 'review'",
  ]);
});

test('Declare creates `elicitations` when the tool has none, before interactionExamples', () => {
  const text = documentOf(tool({ steps: [formStep('confirm', { action: 'accept', content: { approved: true } })] }));
  const fixed = applyFix(text, 'unknown-declaration', "Declare elicitation 'confirm' on tool 'prepare_release'");
  assert.deepEqual(violations(fixed), []);
  const parsedTool = JSON.parse(fixed).tools[0];
  assert.deepEqual(Object.keys(parsedTool), ['name', 'inputSchema', 'elicitations', 'interactionExamples']);
  assert.deepEqual(parsedTool.elicitations, [CONFIRM]);
  assert.match(fixed, /\n      "elicitations": \[\n        \{\n          "name": "confirm",\n          "mode": "form",\n/);
});

test('Declare is not offered when the declaration it would write is itself invalid; a same-mode name is preferred instead', () => {
  const text = documentOf(
    tool({ elicitations: [CONFIRM], steps: [formStep('zzz', { action: 'decline' }, { message: 'no schema' })] }),
  );
  const fixes = fixesOf(text, 'unknown-declaration');
  assert.deepEqual(
    fixes.map((fix) => [fix.title, fix.isPreferred]),
    [["Change to 'confirm'", true]],
  );
});

test('prototype names are unknown until declared, and Declare makes them real', () => {
  for (const name of ['toString', '__proto__', 'constructor']) {
    const text = documentOf(
      tool({ elicitations: [CONFIRM], steps: [formStep(name, { action: 'accept', content: { approved: true } })] }),
    );
    assert.deepEqual(violations(text), ['unknown-declaration'], name);
    const fixed = applyFix(text, 'unknown-declaration', `Declare elicitation '${name}' on tool 'prepare_release'`);
    assert.deepEqual(violations(fixed), [], name);
  }
});

test('Remove content keeps comments and untouched lines (JSONC, content not last)', () => {
  const text = [
    '{',
    '  "mcpdesc": "0.8.0",',
    '  "tools": [{',
    '    "name": "t",',
    '    "elicitations": [{ "name": "confirm", "mode": "form", "message": "Confirm?", "requestedSchema": { "type": "object", "properties": {} } }],',
    '    "interactionExamples": { "e": { "steps": [',
    '      {',
    '        "type": "elicitation", // the step',
    '        "declaration": "confirm",',
    '        "request": { "requestedSchema": { "type": "object", "properties": {} } },',
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
    '{ "mcpdesc": "1", "tools": [ { "elicitations": [{ "name": "a", "mode": "url", "message": "Open." }], "interactionExamples": { "e": { "steps": [',
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
  const text = documentOf(
    tool({
      elicitations: [{ name: 'confirm', mode: 'form', message: 'Confirm?', requestedSchema: schema }],
      steps: [formStep('confirm', { action: 'accept' }, { requestedSchema: schema })],
    }),
  );
  assert.deepEqual(violations(text), ['missing-content']);
  const fixed = applyFix(text, 'missing-content', 'Add content');
  assert.deepEqual(JSON.parse(fixed).tools[0].interactionExamples.example.steps[0].response.content, {
    approved: false,
    channel: 'stable',
    count: 3,
    note: '',
    ratio: 0,
  });
  assert.deepEqual(violations(fixed), []);
});

test('Use the request of the declaration: url request of a form declaration becomes the form request', () => {
  const text = documentOf(
    tool({ elicitations: [CONFIRM], steps: [formStep('confirm', { action: 'decline' }, requestOf(AUTHORIZE))] }),
  );
  assert.deepEqual(violations(text), ['mode-mismatch']);
  const fixed = applyFix(text, 'mode-mismatch', "Use the request of declaration 'confirm'");
  assert.deepEqual(violations(fixed), []);
  assert.deepEqual(JSON.parse(fixed).tools[0].interactionExamples.example.steps[0].request, {
    mode: 'form',
    message: 'Authorize publication.',
    requestedSchema: CONFIRM_SCHEMA,
  });
});

test('Use the request of the declaration: form request without mode of a url declaration gets mode and url', () => {
  const text = documentOf(
    tool({
      elicitations: [AUTHORIZE],
      steps: [formStep('authorize', { action: 'cancel' }, { message: 'Go', requestedSchema: CONFIRM_SCHEMA })],
    }),
  );
  assert.deepEqual(violations(text), ['mode-mismatch']);
  const fixed = applyFix(text, 'mode-mismatch', "Use the request of declaration 'authorize'");
  assert.deepEqual(violations(fixed), []);
  assert.deepEqual(JSON.parse(fixed).tools[0].interactionExamples.example.steps[0].request, {
    message: 'Go',
    url: AUTHORIZE.url,
    mode: 'url',
  });
});

test('Use the request of the declaration: schema and url mismatches, and a step with no request at all', () => {
  const otherSchema = { type: 'object', properties: { ok: { type: 'string' } } };
  const schemaText = documentOf(
    tool({ elicitations: [CONFIRM], steps: [formStep('confirm', { action: 'decline' }, { requestedSchema: otherSchema })] }),
  );
  assert.deepEqual(violations(applyFix(schemaText, 'schema-mismatch', "Use the request of declaration 'confirm'")), []);

  const urlText = documentOf(
    tool({
      elicitations: [AUTHORIZE],
      steps: [formStep('authorize', { action: 'accept' }, { mode: 'url', url: 'https://elsewhere' })],
    }),
  );
  assert.deepEqual(violations(urlText), ['url-mismatch']);
  assert.deepEqual(violations(applyFix(urlText, 'url-mismatch', "Use the request of declaration 'authorize'")), []);

  const noRequest = documentOf(
    tool({ elicitations: [CONFIRM], steps: [{ type: 'elicitation', declaration: 'confirm', response: { action: 'decline' } }] }),
  );
  assert.deepEqual(violations(noRequest), ['schema-mismatch']);
  const fixed = applyFix(noRequest, 'schema-mismatch', "Use the request of declaration 'confirm'");
  assert.deepEqual(violations(fixed), []);
});

test('inserted text follows the document: tabs and CRLF, or the client formatting options', () => {
  const base = documentOf(tool({ elicitations: [CONFIRM], steps: [rulePageInvalidStep] }));
  const tabbed = base.replace(/^( +)/gm, (spaces) => '\t'.repeat(spaces.length / 2)).replace(/\n/g, '\r\n');
  const fixed = applyFix(tabbed, 'unknown-declaration', "Declare elicitation 'missing' on tool 'prepare_release'");
  assert.ok(
    fixed.includes(',\r\n\t\t\t\t{\r\n\t\t\t\t\t"name": "missing",\r\n\t\t\t\t\t"mode": "url",\r\n'),
    JSON.stringify(fixed.slice(0, 900)),
  );
  assert.ok(!/[^\r]\n/.test(fixed), 'only CRLF line breaks');

  const withOptions = applyFix(base, 'unknown-declaration', "Declare elicitation 'missing' on tool 'prepare_release'", {
    tabSize: 4,
    insertSpaces: true,
  });
  assert.ok(withOptions.includes('\n        {\n            "name": "missing",\n            "mode": "url",'), withOptions);
});

test('fix-all applies every preferred fix, across tools, and leaves comments alone', () => {
  const text = documentOf(
    tool({ elicitations: [CONFIRM], steps: [rulePageInvalidStep, formStep('confrim', { action: 'accept' })] }),
    tool({ name: 'second', steps: [formStep('confirm', { action: 'decline', content: {} })] }),
  ).replace('"tools": [', '"tools": [ // all of them');
  const before = violations(text);
  assert.deepEqual(before, [
    'unknown-declaration',
    'unexpected-content',
    'unknown-declaration',
    'missing-content',
    'unknown-declaration',
    'unexpected-content',
  ]);
  const result = fixAll(text, elicitationOnly());
  assert.deepEqual(violations(result.text), []);
  assert.ok(result.text.includes('"tools": [ // all of them'));
  assert.equal(applyEdits(text, result.edits), result.text);
  assert.ok(result.applied >= 6);
});

test('fix-all on a clean document changes nothing', () => {
  const text = documentOf(
    tool({ elicitations: [CONFIRM], steps: [formStep('confirm', { action: 'accept', content: { approved: true } })] }),
  );
  const result = fixAll(text, elicitationOnly());
  assert.equal(result.text, text);
  assert.deepEqual(result.edits, []);
  assert.equal(result.applied, 0);
});

test('Declare is offered only when every step naming the declaration sends the same request', () => {
  const other = { ...rulePageInvalidStep, request: { ...requestOf(AUTHORIZE), url: 'https://elsewhere.example.com' } };
  const conflicting = documentOf(tool({ elicitations: [CONFIRM], steps: [rulePageInvalidStep, other] }));
  const titles = fixesOf(conflicting, 'unknown-declaration').map((fix) => fix.title);
  assert.ok(!titles.some((title) => title.startsWith('Declare')), titles.join(' | '));

  const agreeing = documentOf(tool({ elicitations: [CONFIRM], steps: [rulePageInvalidStep, { ...rulePageInvalidStep }] }));
  const declared = applyFix(agreeing, 'unknown-declaration', "Declare elicitation 'missing' on tool 'prepare_release'");
  assert.deepEqual(violations(declared), ['unexpected-content', 'unexpected-content']);
});

// Declare on the array shape: the element is appended after the last one, in the layout of the
// array it goes into, and the result re-checks clean.
const declareAuthorize = "Declare elicitation 'authorize' on tool 'prepare_release'";

function singleToolDocument(elicitationsLines: string[], step: string): string {
  return [
    '{',
    '  "mcpdesc": "0.8.0",',
    '  "tools": [',
    '    {',
    '      "name": "prepare_release",',
    ...elicitationsLines,
    '      "interactionExamples": { "e": { "steps": [',
    `        ${step}`,
    '      ] } }',
    '    }',
    '  ]',
    '}',
    '',
  ].join('\n');
}

const urlStep = (message: string) =>
  `{ "type": "elicitation", "declaration": "authorize", "request": { "mode": "url", "message": ${JSON.stringify(message)}, "url": "https://mcp.example.com/a" }, "response": { "action": "accept" } }`;

test('Declare appends to a single-line elicitations array on the same line', () => {
  const declared =
    '{ "name": "confirm", "mode": "form", "message": "Approve?", "requestedSchema": { "type": "object", "properties": {} } }';
  const text = singleToolDocument([`      "elicitations": [${declared}],`], urlStep('Authorize.'));
  const fixed = applyFix(text, 'unknown-declaration', declareAuthorize);
  assert.deepEqual(violations(fixed), []);
  assert.equal(
    fixed,
    text.replace(
      `[${declared}]`,
      `[${declared}, { "name": "authorize", "mode": "url", "message": "Authorize.", "url": "https://mcp.example.com/a" }]`,
    ),
  );
});

test('Declare into an empty elicitations array; an empty request message becomes one naming the declaration', () => {
  const text = singleToolDocument(['      "elicitations": [],'], urlStep(''));
  const fixed = applyFix(text, 'unknown-declaration', declareAuthorize);
  assert.deepEqual(violations(fixed), []);
  assert.equal(
    fixed,
    text.replace(
      '"elicitations": [],',
      [
        '"elicitations": [',
        '        {',
        '          "name": "authorize",',
        '          "mode": "url",',
        `          "message": "Elicitation 'authorize'.",`,
        '          "url": "https://mcp.example.com/a"',
        '        }',
        '      ],',
      ].join('\n'),
    ),
  );
});

test('Declare appends to a multi-line JSONC array with comments and trailing commas, keeping them all', () => {
  const lines = [
    '      "elicitations": [',
    '        // the approval form',
    '        { "name": "confirm", "mode": "form", "message": "Approve?", "requestedSchema": { "type": "object", "properties": {}, }, }, // trailing',
    '        /* the last comment */',
    '      ],',
  ];
  const text = `// release bot\n${singleToolDocument(lines, urlStep('Authorize.'))}`;
  const fixed = applyFix(text, 'unknown-declaration', declareAuthorize);
  assert.deepEqual(violations(fixed), []);
  assert.equal(
    fixed,
    text.replace(
      '        /* the last comment */\n',
      [
        '        {',
        '          "name": "authorize",',
        '          "mode": "url",',
        '          "message": "Authorize.",',
        '          "url": "https://mcp.example.com/a"',
        '        }',
        '        /* the last comment */',
        '',
      ].join('\n'),
    ),
  );
});

test('Declare copies a $componentRef request schema; the declaration resolves it', () => {
  const text = [
    '{',
    '  "mcpdesc": "0.8.0",',
    '  "components": { "schemas": { "Approval": { "type": "object", "properties": { "approved": { "type": "boolean" } }, "required": ["approved"] } } },',
    '  "tools": [{ "name": "prepare_release", "interactionExamples": { "e": { "steps": [',
    '    { "type": "elicitation", "declaration": "approval", "request": { "requestedSchema": { "$componentRef": "#/components/schemas/Approval" } }, "response": { "action": "accept", "content": { "approved": 1 } } }',
    '  ] } } }]',
    '}',
    '',
  ].join('\n');
  assert.deepEqual(violations(text), ['unknown-declaration', 'invalid-content']);
  const fixed = applyFix(text, 'unknown-declaration', "Declare elicitation 'approval' on tool 'prepare_release'");
  // The content is still wrong (validated against the resolved schema); the declaration is not.
  assert.deepEqual(violations(fixed), ['invalid-content']);
  assert.deepEqual(JSON.parse(fixed).tools[0].elicitations, [
    {
      name: 'approval',
      mode: 'form',
      message: "Elicitation 'approval'.",
      requestedSchema: { $componentRef: '#/components/schemas/Approval' },
    },
  ]);
});

test("Declare goes into the step's own tool object when tools share a name, and says which one", () => {
  const text = documentOf(
    tool({ elicitations: [CONFIRM], extra: { protocolVersions: ['2025-11-25'] } }),
    tool({
      elicitations: [AUTHORIZE],
      steps: [formStep('confirm', { action: 'accept', content: { approved: true } })],
      extra: { protocolVersions: ['2026-07-28'] },
    }),
  );
  assert.deepEqual(violations(text), ['unknown-declaration']);
  const title = "Declare elicitation 'confirm' on tool 'prepare_release' (protocolVersions 2026-07-28)";
  assert.equal(preferredTitle(text, 'unknown-declaration'), title);
  const fixed = applyFix(text, 'unknown-declaration', title);
  assert.deepEqual(violations(fixed), []);
  const tools = JSON.parse(fixed).tools;
  assert.deepEqual(tools[0].elicitations, [CONFIRM]);
  assert.deepEqual(tools[1].elicitations, [AUTHORIZE, CONFIRM]);
});

test('no Declare (and no fix at all) when elicitations is there but not an array', () => {
  for (const elicitations of [{ confirm: requestOf(CONFIRM) }, 'confirm', null]) {
    const text = documentOf(tool({ elicitations, steps: [formStep('confirm', { action: 'decline' })] }));
    assert.deepEqual(violations(text), ['invalid-declaration', 'unknown-declaration'], JSON.stringify(elicitations));
    assert.deepEqual(fixesOf(text, 'unknown-declaration'), [], JSON.stringify(elicitations));
  }
});

test('"Change to" offers only valid, same-mode declarations: not duplicates, not invalid ones', () => {
  const text = documentOf(
    tool({
      elicitations: [
        CONFIRM,
        { ...CONFIRM, message: 'A duplicate.' },
        { name: 'confirn', message: 'No mode.' },
        { ...AUTHORIZE, name: 'confirmation' },
      ],
      steps: [formStep('confirmm', { action: 'decline' })],
    }),
  );
  assert.deepEqual(violations(text), ['invalid-declaration', 'invalid-declaration', 'unknown-declaration']);
  const fixes = fixesOf(text, 'unknown-declaration');
  assert.deepEqual(
    fixes.map((fix) => [fix.title, fix.isPreferred]),
    [
      ["Change to 'confirm'", true],
      ["Declare elicitation 'confirmm' on tool 'prepare_release'", false],
    ],
  );
});

test('Use the request of a declaration whose schema is a $componentRef copies the reference', () => {
  const declaration = {
    name: 'confirm',
    mode: 'form',
    message: 'Approve?',
    requestedSchema: { $componentRef: '#/components/schemas/Approval' },
  };
  const document = JSON.parse(
    documentOf(
      tool({
        elicitations: [declaration],
        steps: [
          formStep(
            'confirm',
            { action: 'accept', content: { approved: true } },
            { mode: 'form', message: 'Approve?', requestedSchema: { type: 'object' } },
          ),
        ],
      }),
    ),
  );
  document.components = { schemas: { Approval: CONFIRM_SCHEMA } };
  const text = JSON.stringify(document, null, 2);
  assert.deepEqual(violations(text), ['schema-mismatch']);
  const fixed = applyFix(text, 'schema-mismatch', "Use the request of declaration 'confirm'");
  assert.deepEqual(violations(fixed), []);
  assert.deepEqual(
    JSON.parse(fixed).tools[0].interactionExamples.example.steps[0].request.requestedSchema,
    declaration.requestedSchema,
  );
});

test("Add content on a step without a declaration follows the request's own schema", () => {
  const text = documentOf(tool({ steps: [formStep(undefined, { action: 'accept' })] }));
  assert.deepEqual(violations(text), ['missing-content']);
  const fixed = applyFix(text, 'missing-content', 'Add content');
  assert.deepEqual(violations(fixed), []);
  assert.deepEqual(JSON.parse(fixed).tools[0].interactionExamples.example.steps[0].response, {
    action: 'accept',
    content: { approved: false },
  });
});

test('fix-all on the old map shape fixes what it can and leaves the map to the author', () => {
  const text = documentOf(
    tool({ elicitations: { confirm: requestOf(CONFIRM) }, steps: [formStep('confirm', { action: 'decline', content: {} })] }),
  );
  assert.deepEqual(violations(text), ['invalid-declaration', 'unknown-declaration', 'unexpected-content']);
  const result = fixAll(text, elicitationOnly());
  assert.equal(result.applied, 1);
  assert.deepEqual(violations(result.text), ['invalid-declaration', 'unknown-declaration']);
  assert.deepEqual(JSON.parse(result.text).tools[0].elicitations, { confirm: requestOf(CONFIRM) });
});

// Declare writes a declaration the declaration-validity rule accepts wherever the step allows one.
test('Declare leaves out a url that is not an absolute URI: the declaration matches the step and both rules accept it', () => {
  for (const url of ['not a valid URI', 'https://mcp.example.com/🎉', 'relative/path']) {
    const text = singleToolDocument(
      [],
      `{ "type": "elicitation", "declaration": "authorize", "request": { "mode": "url", "message": "Authorize.", "url": ${JSON.stringify(url)} }, "response": { "action": "accept" } }`,
    );
    const fixed = applyFix(text, 'unknown-declaration', declareAuthorize);
    assert.deepEqual(checkDocument(fixed, elicitationOnly()).diagnostics, [], url);
    assert.deepEqual(JSON.parse(fixed).tools[0].elicitations, [{ name: 'authorize', mode: 'url', message: 'Authorize.' }], url);
  }
});

test("Declare in a 2025-06-18 scope: a url request gets its declaration and, on its mode, only the other rule's revision-mismatch", () => {
  const text = singleToolDocument([], urlStep('Authorize.')).replace(
    '"mcpdesc": "0.8.0",',
    '"mcpdesc": "0.8.0",\n  "protocolVersions": ["2025-06-18"],',
  );
  const fixed = applyFix(text, 'unknown-declaration', declareAuthorize);
  const mode = fixed.indexOf('"url"', fixed.indexOf('"name": "authorize"'));
  assert.deepEqual(
    checkDocument(fixed, elicitationOnly()).diagnostics.map((d) => [d.code, d.data.violation, d.data.offset, d.data.length]),
    [[DECLARATION_RULE_ID, 'revision-mismatch', mode, '"url"'.length]],
  );
  // A form request there gets a declaration both rules accept.
  const form = singleToolDocument(
    [],
    '{ "type": "elicitation", "declaration": "confirm", "request": { "requestedSchema": { "type": "object", "properties": { "ok": { "type": "boolean" } } } }, "response": { "action": "accept", "content": { "ok": true } } }',
  ).replace('"mcpdesc": "0.8.0",', '"mcpdesc": "0.8.0",\n  "protocolVersions": ["2025-06-18"],');
  assert.deepEqual(
    checkDocument(
      applyFix(form, 'unknown-declaration', "Declare elicitation 'confirm' on tool 'prepare_release'"),
      elicitationOnly(),
    ).diagnostics,
    [],
  );
});
