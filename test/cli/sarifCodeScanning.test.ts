// The SARIF the CLI writes, as code scanning receives it: valid against the SARIF 2.1.0 schema (as
// Microsoft's SARIF SDK ships it), relative URIs only, and fingerprints that follow the finding,
// not its line.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { Log, Result } from 'sarif';
import { FINGERPRINT_KEY } from '../../server/src/cli/formatters/sarif';
import { repoPath } from '../support/repo';
import { itIsValidSarifFor, sarifOf, sarifValidator } from './support/sarifValidation';
import { makeTempTree, removeTree } from './support/tempTree';

const DECLARATION = `{
          "name": "confirm",
          "mode": "form",
          "message": "Approve this release?",
          "requestedSchema": { "type": "object", "properties": { "approved": { "type": "boolean" } }, "required": ["approved"] }
        }`;

/** Two findings in `prepare_release`: an unknown declaration, and content on a declined response. */
function releaseDocument(options: { toolBefore?: boolean; extraLines?: boolean; reference?: string } = {}): string {
  const otherTool = `
    {
      "name": "audit",
      "description": "A tool added above, with nothing wrong in it.",
      "inputSchema": { "type": "object" }
    },`;
  return `{
  "mcpdesc": "0.8.0",
  "info": { "name": "release-bot", "version": "2.0.0" },${options.extraLines ? '\n  "x-notes": [\n    "unrelated",\n    "lines"\n  ],' : ''}
  "tools": [${options.toolBefore ? otherTool : ''}
    {
      "name": "prepare_release",
      "inputSchema": { "type": "object" },
      "elicitations": [
        ${DECLARATION}
      ],
      "interactionExamples": {
        "broken": {
          "steps": [
            {
              "type": "elicitation",
              "declaration": "${options.reference ?? 'missing'}",
              "request": { "mode": "form", "message": "Approve this release?", "requestedSchema": { "type": "object" } },
              "response": { "action": "cancel" }
            },
            {
              "type": "elicitation",
              "declaration": "confirm",
              "request": {
                "mode": "form",
                "message": "Approve this release?",
                "requestedSchema": { "type": "object", "properties": { "approved": { "type": "boolean" } }, "required": ["approved"] }
              },
              "response": { "action": "decline", "content": { "approved": true } }
            }
          ]
        }
      }
    }
  ]
}
`;
}

function findings(log: Log): Array<{ violation: string; line: number; fingerprint: string }> {
  return (log.runs[0].results ?? []).map((result: Result) => ({
    violation: String(result.properties?.violation),
    line: result.locations?.[0].physicalLocation?.region?.startLine ?? 0,
    fingerprint: result.partialFingerprints?.[FINGERPRINT_KEY] ?? '',
  }));
}

describe('SARIF for code scanning', () => {
  const validate = sarifValidator();

  // The invalid fixtures (JSON and YAML), every rule on, in sarifCodeScanning.thorough.test.ts.
  itIsValidSarifFor(['test-fixtures/workspace'], validate);

  it('is valid SARIF 2.1.0 for a run with failures', async () => {
    const { status, log } = await sarifOf(['does-not-exist.json'], repoPath());
    assert.equal(status, 2);
    assert.equal(log.runs[0].invocations?.[0].executionSuccessful, false);
    assert.deepEqual(validate(log), []);
  });

  it('the schema check is not vacuous: a result without a message is rejected', async () => {
    const { log } = await sarifOf(['test-fixtures/workspace'], repoPath());
    const broken = JSON.parse(JSON.stringify(log)) as { runs: Array<{ results: Array<Record<string, unknown>> }> };
    delete broken.runs[0].results[0].message;
    assert.ok(
      validate(broken).some((error) => /message/.test(error)),
      validate(broken).join('\n'),
    );
  });

  it('names files by URIs relative to %SRCROOT%, also outside it, and never by the absolute path of the run', async () => {
    const root = makeTempTree({ 'project/specs/a.mcpdesc.json': releaseDocument(), 'outside/b.mcpdesc.json': releaseDocument() });
    try {
      const cwd = path.join(root, 'project');
      const { log, text } = await sarifOf(['.', '../outside/b.mcpdesc.json'], cwd);
      assert.deepEqual(validate(log), []);
      const locations = new Set(
        (log.runs[0].results ?? []).map((result) => JSON.stringify(result.locations?.[0].physicalLocation?.artifactLocation)),
      );
      assert.deepEqual([...locations].sort(), [
        JSON.stringify({ uri: '../outside/b.mcpdesc.json', uriBaseId: '%SRCROOT%' }),
        JSON.stringify({ uri: 'specs/a.mcpdesc.json', uriBaseId: '%SRCROOT%' }),
      ]);
      assert.ok(!text.includes(root), 'the machine-local directory appears nowhere in the log');
      assert.ok(!/file:/.test(text), 'no file: URI at all');
    } finally {
      removeTree(root);
    }
  });

  it('gives a finding the same fingerprint after unrelated lines move it, and a new one when it changes', async () => {
    const root = makeTempTree({ 'a.mcpdesc.json': releaseDocument() });
    try {
      const file = path.join(root, 'a.mcpdesc.json');
      // The elicitation rule's two findings: the document is that rule's example (whole-document rules off).
      const before = findings((await sarifOf(['--elicitation-only', 'a.mcpdesc.json'], root)).log);
      assert.deepEqual(
        before.map((finding) => finding.violation),
        ['unknown-declaration', 'unexpected-content'],
      );
      assert.equal(new Set(before.map((finding) => finding.fingerprint)).size, 2, 'two findings, two fingerprints');

      fs.writeFileSync(file, releaseDocument({ toolBefore: true, extraLines: true }));
      const moved = findings((await sarifOf(['--elicitation-only', 'a.mcpdesc.json'], root)).log);
      assert.deepEqual(
        moved.map((finding) => finding.line),
        before.map((finding) => finding.line + 9),
        'the findings moved down',
      );
      assert.deepEqual(
        moved.map((finding) => finding.fingerprint),
        before.map((finding) => finding.fingerprint),
      );

      fs.writeFileSync(file, releaseDocument({ reference: 'missng' }));
      const changed = findings((await sarifOf(['--elicitation-only', 'a.mcpdesc.json'], root)).log);
      assert.notEqual(changed[0].fingerprint, before[0].fingerprint, 'a different wrong reference is a different finding');
      assert.equal(changed[1].fingerprint, before[1].fingerprint, 'the other finding did not change');
    } finally {
      removeTree(root);
    }
  });
});
