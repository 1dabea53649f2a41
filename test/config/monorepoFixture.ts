// A monorepo with project configuration files at two depths, for the tests of test/config/: a root
// configuration (root: true, overrides, an exclude), a nested one turning the rule off and adding
// an include, one with overrides of its own, a second root below the top, a malformed one, and a
// folder with two configuration files. Its documents (MCP Description 0.8.0, complete: the
// whole-document rules find nothing else in them) each hold known violations, some suppressed by comments, some suppressions unused.
import { ELICITATION_RULE_ID, SYNTAX_RULE_ID } from '../../shared/src/constants';
import { TempWorkspace } from '../workspace/tempWorkspace';

const E = ELICITATION_RULE_ID;

const REQUESTED_SCHEMA = '{ "type": "object", "properties": { "ok": { "type": "boolean" } }, "required": ["ok"] }';

/** A JSONC step declining with content: one unexpected-content finding, on the step's `content`. */
export const UNEXPECTED_CONTENT_STEP = `{ "type": "elicitation", "declaration": "confirm", "request": { "mode": "form", "message": "Sure?", "requestedSchema": ${REQUESTED_SCHEMA} }, "response": { "action": "decline", "content": { "ok": true } } }`;
/** A JSONC step naming no declaration of the tool: one unknown-declaration finding. */
export const UNKNOWN_DECLARATION_STEP = `{ "type": "elicitation", "declaration": "missing", "request": { "mode": "form", "message": "Sure?", "requestedSchema": ${REQUESTED_SCHEMA} }, "response": { "action": "decline" } }`;

/** A JSON(C) document whose one example has these steps, one per line (each line may be preceded by a comment line). */
export function jsonDocument(stepLines: string[]): string {
  return [
    '{',
    '  "mcpdesc": "0.8.0",',
    '  "info": { "name": "bot", "version": "1.0.0" }, "protocolVersions": ["2025-11-25"],',
    '  "tools": [',
    '    {',
    '      "name": "ask",',
    '      "inputSchema": { "type": "object" },',
    `      "elicitations": [ { "name": "confirm", "mode": "form", "message": "Sure?", "requestedSchema": ${REQUESTED_SCHEMA} } ],`,
    '      "interactionExamples": {',
    '        "one": {',
    '          "input": {},',
    '          "steps": [',
    ...stepLines.map((line) => `            ${line}`),
    '          ],',
    '          "result": { "content": [] }',
    '        }',
    '      }',
    '    }',
    '  ]',
    '}',
    '',
  ].join('\n');
}

/** YAML twins of the two steps. */
export const YAML_UNEXPECTED_CONTENT_STEP = [
  '- type: elicitation',
  '  declaration: confirm',
  '  request:',
  '    mode: form',
  '    message: Sure?',
  `    requestedSchema: ${REQUESTED_SCHEMA}`,
  '  response:',
  '    action: decline',
  '    content: { ok: true }',
];
export const YAML_UNKNOWN_DECLARATION_STEP = [
  '- type: elicitation',
  '  declaration: missing',
  `  request: { mode: form, message: Sure?, requestedSchema: ${REQUESTED_SCHEMA} }`,
  '  response: { action: decline }',
];

export function yamlDocument(stepLines: string[], head: string[] = []): string {
  return [
    ...head,
    'mcpdesc: "0.8.0"',
    'info: { name: bot, version: 1.0.0 }',
    'protocolVersions: ["2025-11-25"]',
    'tools:',
    '  - name: ask',
    '    inputSchema: { type: object }',
    '    elicitations:',
    '      - name: confirm',
    '        mode: form',
    '        message: Sure?',
    `        requestedSchema: ${REQUESTED_SCHEMA}`,
    '    interactionExamples:',
    '      one:',
    '        input: {}',
    '        steps:',
    ...stepLines.map((line) => `          ${line}`),
    '        result: { content: [] }',
    '',
  ].join('\n');
}

/** The malformed configuration's text and where its one error is. */
export const BROKEN_CONFIG = `{\n  "rules": { "${E}": "warn" }\n}\n`;

export function writeMonorepo(workspace: TempWorkspace): void {
  workspace.write(
    'mcpdesc-lint.config.json',
    JSON.stringify(
      {
        root: true,
        rules: { 'mcpdesc.unused-suppression': 'warning' },
        exclude: ['generated/**'],
        overrides: [{ files: ['*.mcpdesc.yaml'], rules: { [E]: 'warning' } }],
      },
      null,
      2,
    ) + '\n',
  );
  // Root level: one violation suppressed by rule/violation, one kept, one unused suppression (syntax).
  workspace.write(
    'app.mcpdesc.jsonc',
    jsonDocument([
      `// mcpdesc-disable-next-line ${E}/unknown-declaration -- the declaration lives in another file`,
      `${UNKNOWN_DECLARATION_STEP},`,
      `// mcpdesc-disable-next-line ${SYNTAX_RULE_ID}`,
      UNEXPECTED_CONTENT_STEP,
    ]),
  );
  workspace.write('generated/skipped.mcpdesc.json', jsonDocument([UNKNOWN_DECLARATION_STEP]));

  // Depth 2: the rule off, an include relative to this folder, a file-level suppression left unused.
  workspace.write('packages/legacy/mcpdesc-lint.config.yaml', `rules:\n  ${E}: "off"\ninclude:\n  - descriptions/*.json\n`);
  workspace.write(
    'packages/legacy/old.mcpdesc.yaml',
    yamlDocument(YAML_UNKNOWN_DECLARATION_STEP, [`# mcpdesc-disable-file ${SYNTAX_RULE_ID}`]),
  );
  // No `mcpdesc` member: a document only by the include glob; one syntax error (a missing comma).
  workspace.write('packages/legacy/descriptions/old.json', '{ "name": "old" "tools": [] }\n');
  workspace.write('descriptions/not-included.json', '{ "name": "old" "tools": [] }\n');

  // Depth 2 with overrides of its own; the root's *.mcpdesc.yaml override still applies.
  workspace.write(
    'packages/strict/mcpdesc-lint.config.json',
    `{\n  // Suppressions here must be needed.\n  "rules": { "mcpdesc.unused-suppression": "error" },\n  "overrides": [ { "files": ["beta/**"], "rules": { "${E}": "information" } } ]\n}\n`,
  );
  workspace.write('packages/strict/beta/x.mcpdesc.json', jsonDocument([UNKNOWN_DECLARATION_STEP]));
  workspace.write(
    'packages/strict/a.mcpdesc.yaml',
    yamlDocument([
      // The unknown-declaration finding is on the `declaration` line: hidden by the rule-less form.
      YAML_UNKNOWN_DECLARATION_STEP[0],
      '  # mcpdesc-disable-next-line',
      ...YAML_UNKNOWN_DECLARATION_STEP.slice(1),
      `# mcpdesc-disable-next-line ${SYNTAX_RULE_ID}`,
      ...YAML_UNEXPECTED_CONTENT_STEP,
    ]),
  );

  // A second root: nothing above it applies (so no unused-suppression report here).
  workspace.write('packages/island/mcpdesc-lint.config.json', '{ "root": true }\n');
  workspace.write(
    'packages/island/doc.mcpdesc.jsonc',
    jsonDocument([`// mcpdesc-disable-next-line ${SYNTAX_RULE_ID}`, UNKNOWN_DECLARATION_STEP]),
  );

  // A malformed configuration: not used (the root's applies below it), one error on it.
  workspace.write('packages/broken/mcpdesc-lint.config.json', BROKEN_CONFIG);
  workspace.write('packages/broken/doc.mcpdesc.json', jsonDocument([UNKNOWN_DECLARATION_STEP]));

  // Two configuration files in one folder: the .json one is used, the .yaml one is reported unused.
  workspace.write(
    'packages/shadow/mcpdesc-lint.config.json',
    `{ "rules": { "${E}": "hint", "mcpdesc.future-rule": "error" } }\n`,
  );
  workspace.write('packages/shadow/mcpdesc-lint.config.yaml', `rules:\n  ${E}: error\n`);
  workspace.write('packages/shadow/doc.mcpdesc.json', jsonDocument([UNKNOWN_DECLARATION_STEP]));
}
