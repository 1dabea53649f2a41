// MCP's protocol revisions, oldest first, and what each one brought, took away or deprecated: the one
// place that knows which revision has what. Rules and fixes ask the table about a feature ("does
// this revision have resultType?"), never compare dates or name "the latest", so a new revision is
// one row here (and its tests): see CONTRIBUTING.md, "Add an MCP revision". The features are read
// from MCP's schema (modelcontextprotocol/modelcontextprotocol, schema/<revision>/schema.ts) and, where
// MCP Description 0.8.0 decides (which revisions are legacy), from its text; the revision list is
// the shipped JSON schema's `$defs.revision` (a test holds them equal).

/** Something MCP (or MCP Description's reading of it) has in some revisions and not in others. */
export type McpFeature =
  // Client capabilities a primitive's clientRequirements may name, and their members.
  | 'client.roots'
  | 'client.roots.listChanged'
  | 'client.sampling'
  | 'client.sampling.members'
  | 'client.sampling.context'
  | 'client.elicitation.modes'
  | 'client.experimental'
  // Server capabilities (the completions capability is also what completion examples need),
  // transports and what a capability entry may hold; `capability.extensions` is the client's too.
  | 'completions'
  | 'capability.extensions'
  | 'logging'
  | 'tasks'
  | 'transport.streamable-http'
  // Members of primitives and of their schemas: `structured-output` is a tool's outputSchema and a
  // result's structuredContent, `.any-root` any JSON Schema root (not only an object) for both.
  | 'title'
  | 'icons'
  | '_meta'
  | 'tool.annotations'
  | 'structured-output'
  | 'structured-output.any-root'
  | 'tool.execution'
  | 'tool-schema.dialect'
  | 'tool-schema.x-mcp-header'
  // Results and content blocks of examples.
  | 'content.audio'
  | 'content.resource-link'
  | 'annotations.lastModified'
  | 'result.resultType'
  | 'result.cache-fields'
  | 'completion.context'
  // `_meta` keys MCP reserves: the 2025-06-18 reading of a reserved prefix (any label but the
  // last), and the protocol keys (server and client info, trace context, ...) of the stateless protocol.
  | 'meta.reserved-prefix-any-label'
  | 'meta.protocol-keys'
  // Elicitation: its modes and the form-schema vocabulary.
  | 'elicitation'
  | 'elicitation.url'
  | 'elicitation.form.schema-keyword'
  | 'elicitation.form.defaults'
  | 'elicitation.form.titled-enums'
  | 'elicitation.form.multi-select'
  | 'sampling.tools'
  // MCP Description 0.8.0: revisions it checks completely; earlier ones are legacy (structure and selected rules).
  | 'semantics.complete';

/** One revision: what it adds to the one before, what it removes, and what it deprecates (still there, warned about). */
export interface RevisionRow {
  revision: string;
  adds: readonly McpFeature[];
  removes?: readonly McpFeature[];
  deprecates?: readonly McpFeature[];
}

/** The revisions MCP Description 0.8.0 knows, oldest first. */
export const MCP_REVISION_ROWS: readonly RevisionRow[] = [
  {
    revision: '2024-11-05',
    adds: ['client.roots', 'client.roots.listChanged', 'client.sampling', 'client.experimental', 'logging'],
  },
  {
    revision: '2025-03-26',
    adds: ['transport.streamable-http', 'completions', 'tool.annotations', 'content.audio'],
  },
  {
    revision: '2025-06-18',
    adds: [
      'title',
      '_meta',
      'structured-output',
      'content.resource-link',
      'annotations.lastModified',
      'completion.context',
      'elicitation',
      'meta.reserved-prefix-any-label',
      'semantics.complete',
    ],
  },
  {
    revision: '2025-11-25',
    adds: [
      'icons',
      'tool.execution',
      'tool-schema.dialect',
      'tasks',
      'client.sampling.members',
      'client.sampling.context',
      'client.elicitation.modes',
      'sampling.tools',
      'elicitation.url',
      'elicitation.form.schema-keyword',
      'elicitation.form.defaults',
      'elicitation.form.titled-enums',
      'elicitation.form.multi-select',
    ],
    removes: ['meta.reserved-prefix-any-label'],
    deprecates: ['client.sampling.context'],
  },
  {
    revision: '2026-07-28',
    adds: [
      'result.resultType',
      'result.cache-fields',
      'structured-output.any-root',
      'tool-schema.x-mcp-header',
      'capability.extensions',
      'meta.protocol-keys',
    ],
    removes: ['tool.execution', 'tasks', 'client.roots.listChanged'],
    deprecates: ['logging', 'client.roots', 'client.sampling'],
  },
];

/** The rows read as questions. Built from any rows, so a test can add a revision without shipping it. */
export class RevisionTable {
  /** The revisions, oldest first. */
  readonly revisions: readonly string[];
  private readonly present = new Map<string, ReadonlySet<McpFeature>>();
  private readonly deprecated = new Map<string, ReadonlySet<McpFeature>>();
  private readonly first = new Map<McpFeature, string>();

  constructor(rows: readonly RevisionRow[]) {
    this.revisions = rows.map((row) => row.revision);
    const present = new Set<McpFeature>();
    const deprecated = new Set<McpFeature>();
    for (const row of rows) {
      for (const feature of row.adds) {
        present.add(feature);
        if (!this.first.has(feature)) this.first.set(feature, row.revision);
      }
      for (const feature of row.removes ?? []) present.delete(feature);
      for (const feature of row.deprecates ?? []) deprecated.add(feature);
      this.present.set(row.revision, new Set(present));
      this.deprecated.set(row.revision, new Set(deprecated));
    }
  }

  /** Whether `revision` is one of the table's (a revision outside it is the schema rule's problem). */
  isKnown(revision: string): boolean {
    return this.present.has(revision);
  }

  /** Whether `revision` is known and has `feature`. */
  has(revision: string, feature: McpFeature): boolean {
    return this.present.get(revision)?.has(feature) ?? false;
  }

  /** Whether `revision` is known and older than the revision `feature` came with. */
  predates(revision: string, feature: McpFeature): boolean {
    const since = this.first.get(feature);
    return since !== undefined && this.isKnown(revision) && this.revisions.indexOf(revision) < this.revisions.indexOf(since);
  }

  /** Whether `revision` is known and came after `feature` was removed: the feature was there once and is no more. */
  removedBy(revision: string, feature: McpFeature): boolean {
    return this.isKnown(revision) && !this.has(revision, feature) && !this.predates(revision, feature) && this.first.has(feature);
  }

  /** Whether `revision` is known and deprecates `feature` (as of itself or an earlier revision). */
  deprecates(revision: string, feature: McpFeature): boolean {
    return this.deprecated.get(revision)?.has(feature) ?? false;
  }

  /** The revision `feature` came with (for messages: "it came with …"). */
  introducedIn(feature: McpFeature): string {
    return this.first.get(feature) ?? '';
  }

  /** The revisions that have `feature`, oldest first. */
  revisionsWith(feature: McpFeature): string[] {
    return this.revisions.filter((revision) => this.has(revision, feature));
  }
}

/** MCP's revisions as MCP Description 0.8.0 knows them. */
export const MCP = new RevisionTable(MCP_REVISION_ROWS);
