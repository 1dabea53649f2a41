// A revision added as one row of the table, and nothing else, is checked by the rules: the checker
// runs in a process of its own on a table with a hypothetical revision after the shipped ones
// (test/support/checkWithRevisions.ts), and its findings follow that row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { MCP_REVISION_ROWS, type RevisionRow } from '../../server/src/checker/mcp/revisions';
import type { Diagnostic } from '../../server/src/checker';
import { DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID } from '../../shared/src/rules';
import type { RevisionCheckRequest } from '../support/checkWithRevisions';

const HELPER = path.join(__dirname, '..', 'support', 'checkWithRevisions.js');

/** A future MCP that keeps everything of the last revision but cacheable read results. */
const HYPOTHETICAL: RevisionRow = { revision: '2027-01-01', adds: [], removes: ['result.cache-fields'] };

const TEXT = `{
  "mcpdesc": "0.8.0",
  "info": { "name": "n", "version": "1" },
  "protocolVersions": ["2027-01-01"],
  "capabilities": [{ "logging": {} }],
  "tools": [{ "name": "now", "inputSchema": { "type": "object" }, "examples": { "plain": { "input": {}, "result": { "content": [] } } } }],
  "resources": [
    {
      "uri": "a://b",
      "name": "b",
      "examples": {
        "cached": { "result": { "resultType": "complete", "ttlMs": 5, "cacheScope": "public", "contents": [{ "uri": "a://b", "text": "x" }] } }
      }
    }
  ]
}`;

function check(rows: readonly RevisionRow[]): Array<[string, string, string]> {
  const request: RevisionCheckRequest = {
    rows: [...rows],
    text: TEXT,
    // The semantic checks alone: the schema rule's revision enum is the shipped JSON schema's, not the table's.
    options: { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'off', [DOCUMENT_SEMANTICS_RULE_ID]: 'on' } },
  };
  const run = spawnSync(process.execPath, [HELPER], { input: JSON.stringify(request), encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 0, run.stderr);
  return (JSON.parse(run.stdout) as Diagnostic[]).map((d) => [
    String(d.data.violation),
    TEXT.slice(d.data.offset, d.data.offset + d.data.length),
    d.message,
  ]);
}

test('the new revision has what the last one had (resultType, deprecated logging) and lacks what its row removes (ttlMs, cacheScope)', () => {
  assert.deepEqual(check([...MCP_REVISION_ROWS, HYPOTHETICAL]), [
    ['logging-deprecated-in-2026', '"logging"', 'capabilities[0].logging applies to MCP 2027-01-01, which deprecates logging.'],
    [
      'tool-example-result-version-mismatch',
      '"result"',
      "tools[0].examples.plain.result needs resultType 'complete' for MCP 2027-01-01.",
    ],
    [
      'resource-example-cache-fields-version-mismatch',
      '"ttlMs"',
      'resources[0].examples.cached.result.ttlMs is a member MCP 2027-01-01 does not define (it came with 2026-07-28).',
    ],
    [
      'resource-example-cache-fields-version-mismatch',
      '"cacheScope"',
      'resources[0].examples.cached.result.cacheScope is a member MCP 2027-01-01 does not define (it came with 2026-07-28).',
    ],
  ]);
});

test('the shipped table does not know it: the same document read as MCP Description 0.8.0 today', () => {
  // An unknown revision has no feature: what the revision would need goes unasked, what it would lack is reported
  // (the schema rule reports the revision itself).
  assert.deepEqual(check(MCP_REVISION_ROWS), [
    [
      'resource-example-result-version-mismatch',
      '"resultType"',
      'resources[0].examples.cached.result.resultType is a member MCP 2027-01-01 does not define (it came with 2026-07-28).',
    ],
    [
      'resource-example-cache-fields-version-mismatch',
      '"ttlMs"',
      'resources[0].examples.cached.result.ttlMs is a member MCP 2027-01-01 does not define (it came with 2026-07-28).',
    ],
    [
      'resource-example-cache-fields-version-mismatch',
      '"cacheScope"',
      'resources[0].examples.cached.result.cacheScope is a member MCP 2027-01-01 does not define (it came with 2026-07-28).',
    ],
  ]);
});
