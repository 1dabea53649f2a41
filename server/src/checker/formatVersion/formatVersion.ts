// Which MCP Description a document is, read from its `mcpdesc` and `$schema` before any rule runs:
// the one gate the check asks which rules run on a root. The spec (§4.8) asks a tool to check
// `mcpdesc` and to reject an unrecognized version or warn clearly; the official validator resolves
// its snapshot from `$schema` first and, when it cannot, reports that and nothing else. Checking a
// 0.7.0 document against 0.8.0 gives a list of errors that point to wrong fixes ("extensions must
// start with x-" for `info.protocolVersion`), so such a document gets one diagnostic instead.
import { itemsOf, memberOf, propertiesOf, propertyOf, stringOf, type SyntaxNode } from '../syntax/tree';
import type { VersionViolationKind } from '../types';
import { MCP } from '../mcp/revisions';

/** The MCP Description version this checker checks. */
export const SUPPORTED_VERSION = '0.8.0';
/** The earlier version it recognizes, to migrate it. */
export const MIGRATABLE_VERSION = '0.7.0';
/** The stable 0.8.0 schema's canonical URI (spec §4.5, §15.7). */
export const STABLE_SCHEMA_URI = 'https://mcpdesc.org/schema/mcp-description/0.8.0.json';
/** The public release candidates of 0.8.0 (spec §4.4: the target version followed by its prerelease identifier). */
const RELEASE_CANDIDATE_URI = /^https:\/\/mcpdesc\.org\/schema\/mcp-description\/0\.8\.0-rc\.[1-4]\.json$/;
/**
 * The legacy short URI that 0.8.0 Drafts 1–3 shared (spec §4.5, migration guide "Schema identity"):
 * it names three snapshots, none of them the one this checker checks.
 */
const SHARED_DRAFT_URI = 'https://mcpdesc.org/schema/0.8.0.json';

/** What a version finding's quick-fix does (versionFixes.ts). */
export type VersionFix = 'migrate' | 'stable-schema' | 'declare-version';

export interface VersionFinding {
  violation: VersionViolationKind;
  offset: number;
  length: number;
  message: string;
  /** The official validator's code for the same condition (absent where it judges otherwise: a release candidate). */
  officialCode?: string;
  /** Where the official validator reports it. */
  pointer: string;
  fix?: VersionFix;
  /** Whether the fix is the one fix-all and --fix apply. */
  fixPreferred?: boolean;
}

/** Which rules run on a root, and what its identity itself gets. */
export interface VersionGate {
  findings: VersionFinding[];
  /** The elicitation rules (consistency and declaration validity). */
  elicitationRules: boolean;
  /** The whole-document rules (schema and semantics). */
  documentRules: boolean;
}

const CHECKED: VersionGate = Object.freeze({ findings: [], elicitationRules: true, documentRules: true }) as VersionGate;

/** The gate of one root: every rule, one warning beside them, or one finding instead of some or all. */
export function versionGateOf(root: SyntaxNode): VersionGate {
  if (root.type !== 'object') return CHECKED;
  const version = memberOf(root, 'mcpdesc');
  const schema = memberOf(root, '$schema');
  const schemaUri = stringOf(schema);
  const names08 = schemaUri !== undefined && (schemaUri === STABLE_SCHEMA_URI || RELEASE_CANDIDATE_URI.test(schemaUri));
  if (version && stringOf(version) !== SUPPORTED_VERSION) return otherVersion(root, version, names08 ? schemaUri : undefined);
  if (!schema) {
    if (version) return CHECKED;
    // Neither says what the document is: the official validator asks for an identity (§4.3 lets
    // `$schema` be absent only beside a recognized `mcpdesc`). The elicitation rules need none.
    const anchor = propertiesOf(root)[0]?.key ?? root;
    return only(
      {
        violation: 'missing-snapshot-identity',
        offset: anchor.offset,
        length: anchor.length,
        message: `The document says neither which MCP Description it is ("mcpdesc") nor which schema it follows ("$schema"): add "mcpdesc": "${SUPPORTED_VERSION}".`,
        officialCode: 'missing-snapshot-identity',
        pointer: '/$schema',
        fix: 'declare-version',
      },
      true,
    );
  }
  const fix = version ? ({ fix: 'stable-schema' } as const) : {};
  if (schemaUri === undefined) {
    return only(
      {
        violation: 'invalid-schema-identity',
        ...spanOf(schema),
        message: `"$schema" must be a string: the URI of the schema the document follows (${STABLE_SCHEMA_URI}).`,
        officialCode: 'invalid-schema-identity',
        pointer: '/$schema',
        ...fix,
      },
      true,
    );
  }
  if (schemaUri === STABLE_SCHEMA_URI) return CHECKED;
  if (names08) return releaseCandidate(schema, schemaUri);
  const shared = schemaUri === SHARED_DRAFT_URI;
  return only(
    {
      violation: shared ? 'ambiguous-schema-identity' : 'unknown-schema-identity',
      ...spanOf(schema),
      message: shared
        ? `"$schema" ${JSON.stringify(schemaUri)} is the short URI 0.8.0 Drafts 1–3 shared: it names no single snapshot. MCP Description ${SUPPORTED_VERSION} is ${STABLE_SCHEMA_URI}.`
        : `"$schema" ${JSON.stringify(schemaUri)} names no MCP Description snapshot this checker knows (it never fetches one): MCP Description ${SUPPORTED_VERSION} is ${STABLE_SCHEMA_URI}.`,
      officialCode: shared ? 'ambiguous-schema-identity' : 'unknown-schema-identity',
      pointer: '/$schema',
      ...fix,
    },
    true,
  );
}

/**
 * A release candidate's URI on a 0.8.0 document: the document is checked as 0.8.0 (§4.3: `$schema`
 * does not change the conformance version, and omitting it leaves a document conforming), with a
 * warning that it SHOULD name the stable snapshot (§4.3, §15.7; the migration guide: "use …/0.8.0.json").
 */
function releaseCandidate(schema: SyntaxNode, uri: string): VersionGate {
  return {
    findings: [
      {
        violation: 'release-candidate-schema-identity',
        ...spanOf(schema),
        message: `"$schema" names a release candidate of MCP Description ${SUPPORTED_VERSION} (${uri.slice(uri.lastIndexOf('/') + 1)}); the stable release is ${STABLE_SCHEMA_URI}. The document is checked as ${SUPPORTED_VERSION}.`,
        pointer: '/$schema',
        fix: 'stable-schema',
        fixPreferred: true,
      },
    ],
    elicitationRules: true,
    documentRules: true,
  };
}

/** `mcpdesc` present and not 0.8.0: one error on it; 0.7.0 stops every rule, another version the whole-document rules. */
function otherVersion(root: SyntaxNode, version: SyntaxNode, schemaOf08: string | undefined): VersionGate {
  const value = stringOf(version);
  const named = value !== undefined ? `MCP Description ${value}` : `"mcpdesc" ${JSON.stringify(textOf(version))}`;
  const contradiction =
    schemaOf08 !== undefined ? ` It contradicts "$schema", which names MCP Description ${SUPPORTED_VERSION}.` : '';
  const violation = schemaOf08 !== undefined ? 'contradictory-snapshot-identity' : 'unsupported-specification';
  if (value === MIGRATABLE_VERSION) {
    return {
      findings: [
        {
          violation,
          ...spanOf(version),
          message: `This is an MCP Description ${MIGRATABLE_VERSION} document; this checker checks ${SUPPORTED_VERSION}, so no other rule ran.${contradiction} The quick fix "Migrate to MCP Description ${SUPPORTED_VERSION}" rewrites it as the ${SUPPORTED_VERSION} changes describe.${migrationCaveats(root)}`,
          officialCode: violation,
          pointer: '/mcpdesc',
          fix: 'migrate',
        },
      ],
      elicitationRules: false,
      documentRules: false,
    };
  }
  return only(
    {
      violation,
      ...spanOf(version),
      message: `${named} is not a version this checker supports: it checks MCP Description ${SUPPORTED_VERSION} (and migrates ${MIGRATABLE_VERSION}). The whole-document rules did not run.${contradiction}`,
      officialCode: violation,
      pointer: '/mcpdesc',
    },
    true,
  );
}

/** What the migration cannot do for the author (the migration guide forbids guessing it). */
function migrationCaveats(root: SyntaxNode): string {
  const caveats: string[] = [];
  const revision = stringOf(memberOf(memberOf(root, 'info'), 'protocolVersion'));
  if (!memberOf(root, 'protocolVersions') && (revision === undefined || !MCP.isKnown(revision))) {
    const why = revision === undefined ? 'is missing' : `names no MCP revision ${SUPPORTED_VERSION} knows`;
    caveats.push(`"info.protocolVersion" ${why}, so the root "protocolVersions" ${SUPPORTED_VERSION} requires is yours to add`);
  }
  const withoutSchema = itemsOf(memberOf(root, 'tools')).filter(
    (tool) => tool.type === 'object' && !propertyOf(tool, 'inputSchema'),
  ).length;
  if (withoutSchema > 0) {
    caveats.push(
      `${withoutSchema} tool${withoutSchema === 1 ? ' has' : 's have'} no "inputSchema", which ${SUPPORTED_VERSION} requires and only you can write`,
    );
  }
  return caveats.length === 0 ? '' : ` After it: ${caveats.join('; ')}.`;
}

function only(finding: VersionFinding, elicitationRules: boolean): VersionGate {
  return { findings: [finding], elicitationRules, documentRules: false };
}

function spanOf(node: SyntaxNode): { offset: number; length: number } {
  return { offset: node.offset, length: node.length };
}

function textOf(node: SyntaxNode): unknown {
  return node.type === 'number' || node.type === 'boolean' || node.type === 'null' ? node.value : node.type;
}
