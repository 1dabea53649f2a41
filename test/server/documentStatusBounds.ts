// What mcpdesc/documentStatus echoes of a document's version text is bounded, however much of it
// there is: the format version and each MCP revision cut to DOCUMENT_STATUS_LIMITS.chars, the first
// DOCUMENT_STATUS_LIMITS.revisions revisions listed and the others counted. Shared by the fast tier
// (documentStatus.test.ts, half a megabyte) and the thorough one (documentStatus.thorough.test.ts, 7 MB).
import assert from 'node:assert/strict';
import { DOCUMENT_STATUS_LIMITS, type DocumentStatus } from '../../shared/src/constants';

/** A document of `revisionCount` revisions of 210 characters and a format version of `versionChars` more. */
export function versionTextDocument(
  base: string,
  revisionCount: number,
  versionChars: number,
): { text: string; version: string; revisions: string[] } {
  const revisions = Array.from({ length: revisionCount }, (_, index) => `2025-06-${String(index).padStart(200, '0')}`);
  const version = `0.8.0-${'x'.repeat(versionChars)}`;
  const text = base.replace('"0.8.0",', `${JSON.stringify(version)},\n  "protocolVersions": ${JSON.stringify(revisions)},`);
  return { text, version, revisions };
}

/** The status of that document echoes a bounded part of it, and counts the revisions it leaves out. */
export function assertBoundedStatus(status: DocumentStatus, version: string, revisions: string[]): void {
  assert.ok(status.kind === 'checked', JSON.stringify(status).slice(0, 200));
  assert.equal(status.formatVersion, `${version.slice(0, DOCUMENT_STATUS_LIMITS.chars - 1)}…`);
  assert.deepEqual(
    status.revisions,
    revisions
      .slice(0, DOCUMENT_STATUS_LIMITS.revisions)
      .map((revision) => `${revision.slice(0, DOCUMENT_STATUS_LIMITS.chars - 1)}…`),
  );
  assert.equal(status.revisionsOmitted, revisions.length - DOCUMENT_STATUS_LIMITS.revisions);
  assert.ok(JSON.stringify(status).length < 10_000, String(JSON.stringify(status).length));
}
