// The quick-fixes on YAML documents, through the checker: each fix applied gives exactly the
// expected YAML (comments and untouched lines byte for byte), and the result re-checks clean.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, checkDocument, fixAll, type Fix } from '../../server/src/checker';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml';
import { elicitationOnly } from '../support/ruleScope';

const YAML = { format: 'yaml' } as const;

function ruleViolations(text: string): string[] {
  return checkDocument(text, elicitationOnly(YAML)).diagnostics.map((diagnostic) => diagnostic.data.violation);
}

function fixesFor(text: string, violation: string, nth = 0): Fix[] {
  const result = checkDocument(text, elicitationOnly(YAML));
  const diagnostic = result.diagnostics.filter((candidate) => candidate.data.violation === violation)[nth];
  assert.ok(diagnostic, `expected a ${violation} diagnostic; got ${ruleViolations(text).join(', ')}`);
  return result.fixesFor(diagnostic);
}

function applyFix(text: string, violation: string, title: string): string {
  const fix = fixesFor(text, violation).find((candidate) => candidate.title === title);
  assert.ok(fix, `expected the fix '${title}'`);
  const result = applyEdits(text, fix.edits);
  assert.deepEqual(parseYamlDocuments(result).errors, [], `the fixed text reads without errors:\n${result}`);
  return result;
}

const RULE_PAGE = `# Release bot, described in YAML
mcpdesc: 0.8.0
info: {name: release-bot, version: 2.0.0}
tools:
  - name: prepare_release  # the tool
    inputSchema: {type: object}
    elicitations:
      - name: confirm
        mode: form
        message: Approve this release?
        requestedSchema:
          type: object
          properties: {approved: {type: boolean}}
          required: [approved]
    interactionExamples:
      broken:
        steps:
          - type: elicitation
            declaration: missing   # not declared
            request:
              mode: url
              message: "Authorize publication."
              url: https://mcp.example.com/release/connect
            response:
              action: accept
              content:        # not allowed in url mode
                approved: true
        result: {content: []}
`;

describe('YAML quick-fixes: the rule page example', () => {
  it('anchors the two diagnostics at the YAML nodes', () => {
    const diagnostics = checkDocument(RULE_PAGE, elicitationOnly(YAML)).diagnostics;
    assert.deepEqual(
      diagnostics.map((diagnostic) => [
        diagnostic.data.violation,
        RULE_PAGE.slice(diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length),
      ]),
      [
        ['unknown-declaration', 'missing'],
        ['unexpected-content', 'content'],
      ],
    );
    const missing = RULE_PAGE.indexOf('missing');
    const lineStart = RULE_PAGE.lastIndexOf('\n', missing) + 1;
    assert.deepEqual(diagnostics[0].range.start, {
      line: RULE_PAGE.slice(0, missing).split('\n').length - 1,
      character: missing - lineStart,
    });
  });

  it('declares the url elicitation as block YAML after the last declaration', () => {
    const title = "Declare elicitation 'missing' on tool 'prepare_release'";
    assert.deepEqual(
      fixesFor(RULE_PAGE, 'unknown-declaration')
        .filter((fix) => fix.isPreferred)
        .map((fix) => fix.title),
      [title],
    );
    const declared = applyFix(RULE_PAGE, 'unknown-declaration', title);
    assert.equal(
      declared,
      RULE_PAGE.replace(
        '          required: [approved]\n',
        '          required: [approved]\n      - name: missing\n        mode: url\n        message: "Authorize publication."\n        url: https://mcp.example.com/release/connect\n',
      ),
    );
    assert.deepEqual(ruleViolations(declared), ['unexpected-content']);
  });

  it('removes the content entry with its nested lines and comment', () => {
    const removed = applyFix(RULE_PAGE, 'unexpected-content', 'Remove content');
    assert.equal(
      removed,
      RULE_PAGE.replace('              content:        # not allowed in url mode\n                approved: true\n', ''),
    );
    assert.deepEqual(ruleViolations(removed), ['unknown-declaration']);
  });

  it('fix-all leaves a clean document with every comment in place', () => {
    const fixed = fixAll(RULE_PAGE, elicitationOnly(YAML));
    assert.equal(fixed.applied, 2);
    assert.deepEqual(ruleViolations(fixed.text), []);
    for (const comment of ['# Release bot, described in YAML', '# the tool', '# not declared'])
      assert.ok(fixed.text.includes(comment), comment);
  });
});

describe('YAML quick-fixes: YAML specifics', () => {
  it('"Change to" keeps the quoting style of the declaration', () => {
    const text = RULE_PAGE.replace('declaration: missing', "declaration: 'confrim'")
      .replace(
        'mode: url\n              message: "Authorize publication."\n              url: https://mcp.example.com/release/connect',
        'requestedSchema: {type: object, properties: {approved: {type: boolean}}, required: [approved]}',
      )
      .replace('content:        # not allowed in url mode\n                approved: true', 'content: {approved: true}');
    assert.deepEqual(ruleViolations(text), ['unknown-declaration']);
    const changed = applyFix(text, 'unknown-declaration', "Change to 'confirm'");
    assert.equal(changed, text.replace("declaration: 'confrim'", "declaration: 'confirm'"));
    assert.deepEqual(ruleViolations(changed), []);
  });

  it('creates `elicitations` before `interactionExamples` when the tool has none', () => {
    const text = [
      'mcpdesc: 0.8.0',
      'tools:',
      '  - name: u',
      '    # examples',
      '    interactionExamples:',
      '      x:',
      '        steps:',
      '          - {type: elicitation, declaration: nope, request: {mode: url, message: m, url: "https://u"}, response: {action: cancel}}',
      '',
    ].join('\n');
    const declared = applyFix(text, 'unknown-declaration', "Declare elicitation 'nope' on tool 'u'");
    assert.equal(
      declared,
      text.replace(
        '    interactionExamples:',
        '    elicitations:\n      - name: nope\n        mode: url\n        message: m\n        url: "https://u"\n    interactionExamples:',
      ),
    );
    assert.deepEqual(ruleViolations(declared), []);
  });

  it('adds content as block YAML under the response', () => {
    const text = RULE_PAGE.replace('declaration: missing   # not declared', 'declaration: confirm')
      .replace(
        'mode: url\n              message: "Authorize publication."\n              url: https://mcp.example.com/release/connect',
        'requestedSchema: {type: object, properties: {approved: {type: boolean}}, required: [approved]}',
      )
      .replace('              content:        # not allowed in url mode\n                approved: true\n', '');
    assert.deepEqual(ruleViolations(text), ['missing-content']);
    const added = applyFix(text, 'missing-content', 'Add content');
    assert.equal(
      added,
      text.replace(
        '              action: accept\n',
        '              action: accept\n              content:\n                approved: false\n',
      ),
    );
    assert.deepEqual(ruleViolations(added), []);
  });

  it('checks every document of a stream, and fix-all fixes each', () => {
    const second = RULE_PAGE.replace('# Release bot, described in YAML\n', '').replace('prepare_release', 'second_tool');
    const stream = `${RULE_PAGE}---\n${second}`;
    const diagnostics = checkDocument(stream, elicitationOnly(YAML)).diagnostics;
    assert.deepEqual(
      diagnostics.map((diagnostic) => diagnostic.data.violation),
      ['unknown-declaration', 'unexpected-content', 'unknown-declaration', 'unexpected-content'],
    );
    assert.ok(diagnostics[2].data.offset > stream.indexOf('---\n'));
    const fixed = fixAll(stream, elicitationOnly(YAML));
    assert.deepEqual(ruleViolations(fixed.text), []);
    assert.equal(parseYamlDocuments(fixed.text).documents.length, 2);
  });

  it('anchors a diagnostic inside an alias at the alias, and declares from its value', () => {
    const text = [
      'mcpdesc: 0.8.0',
      'tools:',
      '  - name: t',
      '    elicitations:',
      '      - {name: confirm, mode: form, message: m, requestedSchema: {type: object, properties: {}}}',
      '    interactionExamples:',
      '      first:',
      '        steps:',
      '          - &again',
      '            type: elicitation',
      '            declaration: other',
      '            request:',
      '              requestedSchema: {type: object, properties: {}}',
      '              message: |',
      '                Two',
      '                lines',
      '            response: {action: decline}',
      '          - *again',
      '',
    ].join('\n');
    const diagnostics = checkDocument(text, elicitationOnly(YAML)).diagnostics;
    assert.deepEqual(
      diagnostics.map((diagnostic) => text.slice(diagnostic.data.offset, diagnostic.data.offset + diagnostic.data.length)),
      ['other', '*again'],
    );
    const declare = fixesFor(text, 'unknown-declaration', 1).find((fix) => fix.title.startsWith('Declare'));
    assert.ok(declare);
    const declared = applyEdits(text, declare.edits);
    // Written from the value: the alias's text is `*again`, not the declaration's parts.
    assert.equal(
      declared,
      text.replace(
        '      - {name: confirm, mode: form, message: m, requestedSchema: {type: object, properties: {}}}\n',
        '      - {name: confirm, mode: form, message: m, requestedSchema: {type: object, properties: {}}}\n      - name: other\n        mode: form\n        message: "Two\\nlines\\n"\n        requestedSchema:\n          type: object\n          properties: {}\n',
      ),
    );
    assert.deepEqual(ruleViolations(declared), []);
  });

  it('sees a declaration that merges its members in with `<<`, and declares after it', () => {
    const text = [
      'mcpdesc: 0.8.0',
      'shared: &form',
      '  mode: form',
      '  message: Approve?',
      '  requestedSchema: {type: object, properties: {}}',
      'tools:',
      '  - name: t',
      '    elicitations:',
      '      - <<: *form',
      '        name: confirm',
      '    interactionExamples:',
      '      first:',
      '        steps:',
      '          - {type: elicitation, declaration: confirm, request: {requestedSchema: {type: object, properties: {}}}, response: {action: cancel}}',
      '          - {type: elicitation, declaration: nope, request: {requestedSchema: {type: object, properties: {}}}, response: {action: cancel}}',
      '',
    ].join('\n');
    assert.deepEqual(ruleViolations(text), ['unknown-declaration']);
    const declared = applyFix(text, 'unknown-declaration', "Declare elicitation 'nope' on tool 't'");
    assert.equal(
      declared,
      text.replace(
        '        name: confirm\n',
        "        name: confirm\n      - name: nope\n        mode: form\n        message: Elicitation 'nope'.\n        requestedSchema: {type: object, properties: {}}\n",
      ),
    );
    assert.deepEqual(ruleViolations(declared), []);
  });
});
