// What the status item shows of an open document's check (the format version and MCP revisions it
// read, the settings it ran with, how long it took), read where the check is kept (a query:
// documentQueries.ts), and cut to what mcpdesc/documentStatus echoes (DOCUMENT_STATUS_LIMITS).
import { cutText, DOCUMENT_STATUS_LIMITS } from '../../../shared/src/constants';
import type { McpdescSettings } from '../../../shared/src/settings';
import type { SyntaxNode } from '../checker';
import { memberOf, stringOf } from '../checker/syntax/tree';
import type { CachedCheck } from './openDocument';

/** What the status item shows of a document's check, read where the check is kept (documentQueries.ts). */
export interface CheckFacts {
  /** The settings the check ran with (the open document's adjustments included). */
  settings: McpdescSettings;
  durationMs: number;
  /** The root `mcpdesc` member, cut. */
  formatVersion?: string;
  /** The root `protocolVersions`, the first ones cut, and how many more. */
  revisions?: { listed: string[]; omitted: number };
}

export function checkFactsOf(check: CachedCheck): CheckFacts {
  const root = check.result.roots.find((candidate) => memberOf(candidate, 'mcpdesc') !== undefined);
  const formatVersion = stringOf(memberOf(root, 'mcpdesc'));
  const revisions = versionsOf(memberOf(root, 'protocolVersions'));
  return {
    settings: check.settings,
    durationMs: check.durationMs,
    ...(formatVersion !== undefined && { formatVersion: cutForStatus(formatVersion) }),
    ...(revisions && { revisions }),
  };
}

/** Text of the document, as the status echoes it. */
export function cutForStatus(text: string): string {
  return cutText(text, DOCUMENT_STATUS_LIMITS.chars);
}

/** A `protocolVersions` array of strings (the first ones, cut, and how many more); undefined when it is missing or anything else. */
function versionsOf(node: SyntaxNode | undefined): { listed: string[]; omitted: number } | undefined {
  if (node?.type !== 'array') return undefined;
  const listed: string[] = [];
  for (const item of node.items) {
    const version = stringOf(item);
    if (version === undefined) return undefined;
    if (listed.length < DOCUMENT_STATUS_LIMITS.revisions) listed.push(cutForStatus(version));
  }
  return { listed, omitted: node.items.length - listed.length };
}
