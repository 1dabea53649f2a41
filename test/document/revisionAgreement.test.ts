// Three places where the revision logic disagreed with the official validator (issue 34), each on
// a small document of ours (test-fixtures/revisions). The expectations are argued from the spec's
// text (MCP Description 0.8.0, the section named with each test), not from the checker's output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { checkDocument, type CheckOptions, type Diagnostic } from '../../server/src/checker';
import { DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID } from '../../shared/src/rules';
import { repoPath } from '../support/repo';

const OFFICIAL: CheckOptions = { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'on', [DOCUMENT_SEMANTICS_RULE_ID]: 'on' } };

/** Each diagnostic of the whole-document rules as [official code, pointer, the text it underlines, severity, message]. */
function seen(name: string): Array<[string | undefined, string | undefined, string, number, string]> {
  const text = fs.readFileSync(repoPath('test-fixtures', 'revisions', name), 'utf8');
  return checkDocument(text, OFFICIAL)
    .diagnostics.filter((d: Diagnostic) => d.code === DOCUMENT_SCHEMA_RULE_ID || d.code === DOCUMENT_SEMANTICS_RULE_ID)
    .map((d) => [
      d.data.officialCode,
      d.data.pointer,
      text.slice(d.data.offset, d.data.offset + d.data.length),
      d.severity,
      d.message,
    ]);
}

test('§5: info members are document-wide, so title, description, icons and websiteUrl pass under 2025-03-26', () => {
  // "Every property defined by this specification MAY appear regardless of the revisions listed in
  // root protocolVersions … Validators MUST NOT emit a revision-applicability diagnostic solely
  // because an Info property is unavailable on Implementation." Only the legacy warning (§4) stays.
  assert.deepEqual(seen('info-metadata-any-revision.json'), [
    [
      'legacy-protocol-validation-incomplete',
      '/protocolVersions',
      '["2025-03-26", "2025-06-18"]',
      2,
      'MCP 2025-03-26 is a legacy revision: the document is checked against it for structure and selected rules only, not for complete conformance to MCP.',
    ],
  ]);
});

test('§10.4.4: ttlMs and cacheScope required for 2026-07-28, absent for earlier revisions', () => {
  // "For MCP 2026-07-28 it MUST contain resultType: "complete", non-negative numeric ttlMs, and
  // cacheScope … For earlier supported revisions it MUST NOT contain resultType, ttlMs, or
  // cacheScope." A missing member is reported on the example's key of its result; the template's
  // complete example and the complete 'cached' one give nothing.
  assert.deepEqual(seen('resource-cache-fields.json'), [
    [
      'resource-example-cache-fields-version-mismatch',
      '/resources/0/examples/uncached/result/ttlMs',
      '"result"',
      1,
      'resources[0].examples.uncached.result needs ttlMs for MCP 2026-07-28.',
    ],
    [
      'resource-example-cache-fields-version-mismatch',
      '/resources/1/examples/early/result/ttlMs',
      '"ttlMs"',
      1,
      'resources[1].examples.early.result.ttlMs is a member MCP 2025-11-25 does not define (it came with 2026-07-28).',
    ],
    [
      'resource-example-cache-fields-version-mismatch',
      '/resources/1/examples/early/result/cacheScope',
      '"cacheScope"',
      1,
      'resources[1].examples.early.result.cacheScope is a member MCP 2025-11-25 does not define (it came with 2026-07-28).',
    ],
  ]);
});

test('§9.3: a tool example with no result is missing a required member, and nothing about the result it lacks', () => {
  // The Tool Example Object requires `result`; with none there is no resultType to require, so the
  // 2026-07-28 resultType check has no node to report on.
  assert.deepEqual(seen('tool-example-without-result.json'), [
    [
      'schema-validation',
      '/tools/0/examples/unanswered/result',
      '"unanswered"',
      1,
      "tools[0].examples.unanswered is missing the required member 'result'.",
    ],
  ]);
});
