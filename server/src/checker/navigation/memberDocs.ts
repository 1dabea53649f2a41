// What each member of an MCP Description 0.8.0 document is, in a sentence, written for this product
// from the specification's text (neither the format's schema nor ours carries descriptions), with the
// MCP revision a member came with where it is younger than the oldest the format supports (the same
// facts the revision-fields rule checks) and the specification section that defines it. Filed by the
// owner formatSchema.ts gives each schema: a `$defs` name, or an owner and the member under it.
// The section is named and linked to the specification as the format's owners publish it on their site
// (SPEC_SITE_URL: one page per top-level section, anchors made of the headings), never to a
// repository of theirs (test/links/emittedUrls.thorough.test.ts); our own pages (the rule pages) never live there.
import { escapeMarkdown } from './markdown';
import { MCP, type McpFeature } from '../mcp/revisions';

/** The MCP revisions MCP Description 0.8.0 supports, oldest first. */
export const REVISIONS: readonly string[] = MCP.revisions;

interface OwnerDocs {
  /** The specification's section for this object, as its heading reads. */
  section: string;
  members: Readonly<Record<string, string>>;
  /** Members younger than the oldest supported revision, and the MCP feature they came with (mcp/revisions.ts). */
  since?: Readonly<Record<string, McpFeature>>;
}

const PRIMITIVE_COMMON = {
  protocolVersions: "The MCP revisions this declaration applies to; a subset of the document's.",
  title: 'A human-readable display name for user interfaces.',
  description: 'A human-readable description.',
  icons: 'Icons a client may show for it.',
  tags: 'Categorization tags; with a root `tags` array, each names a declared tag.',
  deprecated: 'Whether it is deprecated.',
  _meta: 'Literal MCP `_meta` metadata on the declaration.',
  security: 'Security requirements overriding the document-level ones for this primitive.',
  clientRequirements: 'The client capabilities a client must have to use it.',
  elicitations: 'Elicitation declarations: the user interactions it may need while it runs, each named.',
};
const PRIMITIVE_SINCE: Readonly<Record<string, McpFeature>> = { title: 'title', _meta: '_meta', icons: 'icons' };

const DOCS: Readonly<Record<string, OwnerDocs>> = {
  root: {
    section: '§3 Document Structure',
    members: {
      $schema: 'The JSON Schema this document claims to follow (informational).',
      mcpdesc: 'The MCP Description format version of this document: `0.8.0`.',
      info: 'Metadata about the MCP server: its name, version, title and contacts.',
      protocolVersions: 'The MCP revisions the server supports; every declaration applies to these unless it narrows them.',
      instructions: 'Instructions the server gives clients on how to use it.',
      transports: 'How clients connect to the server: stdio, Streamable HTTP or legacy SSE.',
      securitySchemes: 'Named security schemes that security requirements refer to.',
      security: 'The security requirements that apply to the whole server.',
      components: 'Reusable schemas and examples, referred to with `$componentRef`.',
      capabilities: 'Server capabilities, one entry per protocol-scoped variant.',
      tools: 'The tools the server exposes: functions a client can call.',
      resources: 'The resources the server exposes, each by its URI.',
      resourceTemplates: 'Parameterized resources, each by its URI template.',
      prompts: 'The prompt templates the server offers.',
      tags: 'The tags primitives may use, each with a name and a description.',
    },
  },
  info: {
    section: '§5 Info Object',
    members: {
      name: 'The programmatic name of the server.',
      title: 'A human-readable display name of the server.',
      description: 'A human-readable description of the server.',
      version: 'The version of the server implementation.',
      id: 'A stable identifier of the server.',
      icons: 'Icons a client may show for the server.',
      websiteUrl: "The URL of the server's website.",
      contact: 'Who to contact about the server.',
      license: 'The license the server is offered under.',
    },
  },
  transport: {
    section: '§6 Transports',
    members: {
      type:
        'The transport: `stdio`, `streamable-http` (since MCP ' +
        MCP.introducedIn('transport.streamable-http') +
        ') or `sse` (the legacy HTTP+SSE transport).',
      protocolVersions: "The MCP revisions this transport serves; a subset of the document's.",
      command: 'The command that starts the server (stdio).',
      args: 'Arguments of the command (stdio).',
      env: 'Environment variables the command needs (stdio).',
      url: "The server's endpoint URL (HTTP transports).",
      security: 'Security requirements for this transport.',
    },
  },
  tool: {
    section: '§9.1 Tool Object',
    members: {
      ...PRIMITIVE_COMMON,
      name: 'The programmatic name of the tool, as clients call it.',
      inputSchema:
        'A JSON Schema (or a `$componentRef` to `#/components/schemas/…`) whose root describes an object: the arguments the tool takes. Required.',
      outputSchema: "A JSON Schema (or a `$componentRef`) describing the tool's structured output.",
      annotations: 'Hints about how the tool behaves: read-only, destructive, idempotent, open-world.',
      execution: 'How the tool runs: whether it supports tasks.',
      examples: 'Named complete examples: an input and the completed result.',
      interactionExamples:
        'Named scenarios of one call: its input, the steps where the server asks the client (elicitation, sampling, roots) and the result.',
    },
    since: {
      ...PRIMITIVE_SINCE,
      outputSchema: 'structured-output',
      annotations: 'tool.annotations',
      execution: 'tool.execution',
    },
  },
  'tool.annotations': {
    section: '§9.5 Tool Annotations',
    members: {
      title: 'A human-readable title for the tool.',
      readOnlyHint: 'The tool does not modify its environment.',
      destructiveHint: 'The tool may perform destructive updates.',
      idempotentHint: 'Calling it again with the same arguments has no further effect.',
      openWorldHint: 'The tool may interact with an open world of external entities.',
    },
  },
  'tool.execution': {
    section: '§9.6 Execution Object',
    members: { taskSupport: 'Whether the tool may be called as a task: `forbidden`, `optional` or `required`.' },
  },
  resource: {
    section: '§10.1.1 Resource Object',
    members: {
      ...PRIMITIVE_COMMON,
      uri: 'The URI of the resource.',
      name: 'The programmatic name of the resource.',
      mimeType: 'The MIME type of its contents.',
      size: 'Its size in bytes.',
      annotations: 'Hints about its audience, priority and last modification.',
      examples: 'Named examples of reading it.',
    },
    since: PRIMITIVE_SINCE,
  },
  resourceTemplate: {
    section: '§10.2.1 Resource Template Object',
    members: {
      ...PRIMITIVE_COMMON,
      uriTemplate: 'The RFC 6570 URI template resources are read by.',
      name: 'The programmatic name of the template.',
      mimeType: 'The MIME type of the contents of its resources.',
      annotations: 'Hints about the audience and priority of its resources.',
      examples: 'Named examples of reading a resource of the template.',
      completionExamples: 'Named examples of argument completion for the template.',
    },
    since: PRIMITIVE_SINCE,
  },
  prompt: {
    section: '§11.1 Prompt Object',
    members: {
      ...PRIMITIVE_COMMON,
      name: 'The programmatic name of the prompt.',
      arguments: 'The arguments the prompt takes.',
      examples: 'Named examples of getting the prompt.',
      completionExamples: "Named examples of completing the prompt's arguments.",
    },
    since: PRIMITIVE_SINCE,
  },
  promptArgument: {
    section: '§11.2 Prompt Argument Object',
    members: {
      name: 'The name of the argument.',
      title: 'A human-readable display name of the argument.',
      description: 'What the argument is.',
      required: 'Whether the argument must be given.',
    },
    since: { title: 'title' },
  },
  interactionExample: {
    section: '§9.4 Tool Interaction Examples',
    members: {
      input: 'The complete initial arguments of the tool call.',
      steps: 'The ordered exchanges where the server asks the client: elicitation, sampling or roots steps.',
      result: 'The completed tool result the call ends with.',
    },
  },
  interactionStep: {
    section: '§9.4 Tool Interaction Examples',
    members: {
      type: 'The kind of step: `elicitation`, `sampling` or `roots`.',
      declaration: "The name of the tool's elicitation declaration this step uses.",
      request: 'What the server asks the client.',
      response: 'What the client answers.',
    },
  },
  'elicitationStep.request': {
    section: '§12 Elicitation Declarations',
    members: {
      mode: 'How the user is asked: `form` (fields) or `url` (a page to open).',
      message: 'What the user is told.',
      requestedSchema: 'The fields a form asks for: a flat object schema.',
      url: 'The page a url elicitation opens.',
      _meta: 'Literal MCP `_meta` metadata on the request.',
    },
  },
  components: {
    section: '§17.1 Components Object',
    members: {
      schemas: 'Reusable JSON Schemas, referred to as `#/components/schemas/NAME`.',
      toolExamples: 'Reusable tool examples, referred to as `#/components/toolExamples/NAME`.',
      resourceExamples: 'Reusable resource examples.',
      resourceTemplateExamples: 'Reusable resource template examples.',
      promptExamples: 'Reusable prompt examples.',
    },
  },
  componentRef: {
    section: '§17 Reusable Components and Local References',
    members: { $componentRef: 'A local reference to a component: `#/components/NAMESPACE/NAME`.' },
  },
};

/** Owners whose members another owner documents (a step's variants, a transport's). */
const SAME_AS: Readonly<Record<string, string>> = {
  stdioTransport: 'transport',
  httpTransport: 'transport',
  elicitationStep: 'interactionStep',
  samplingStep: 'interactionStep',
  rootsStep: 'interactionStep',
};

export interface MemberDoc {
  description?: string;
  since?: string;
  /** The specification section that defines it. */
  section: string;
}

/** The MCP Description 0.8.0 specification on the format's site: a page per top-level section. */
export const SPEC_SITE_URL = 'https://mcpdesc.org/docs/specification/0.8.0/';

/** The site's page of each top-level section, by its number (the pages' own slugs). */
const PAGE_OF_SECTION: Readonly<Record<string, string>> = {
  '3': 'document-structure',
  '4': 'versioning',
  '5': 'info-object',
  '6': 'transports',
  '7': 'security',
  '8': 'capabilities',
  '9': 'tools',
  '10': 'resources',
  '11': 'prompts',
  '12': 'elicitation',
  '13': 'tags',
  '14': 'specification-extensions',
  '15': 'serialization',
  '17': 'components',
};

/**
 * The link to a section (`§9.1 Tool Object`): its top-level section's page, at the anchor the site
 * makes of its heading (`### 9.1 Tool Object`: lower case, punctuation but `-` and `_` dropped,
 * spaces as `-`, as the specification's own cross-references name them), so the link and the
 * section's name cannot disagree.
 */
export function sectionUrl(section: string): string {
  const heading = section.replace(/^§/, '').trim();
  const page = PAGE_OF_SECTION[heading.split(/[.\s]/)[0]] ?? 'index';
  const anchor = heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
  return `${SPEC_SITE_URL}${page}#${anchor}`;
}

/** Every section a member's documentation links to, in the order the owners are listed. */
export function documentedSections(): string[] {
  return [...new Set(Object.values(DOCS).map((docs) => docs.section))];
}

export function memberDoc(owner: string, member: string): MemberDoc {
  const docs = DOCS[SAME_AS[owner] ?? owner];
  const doc: MemberDoc = { section: docs?.section ?? '§3 Document Structure' };
  const description = docs?.members[member];
  if (description !== undefined) doc.description = description;
  const since = docs?.since?.[member];
  if (since !== undefined) doc.since = MCP.introducedIn(since);
  return doc;
}

/** The revisions of `scope` that do not define a member that came with `since`. */
export function revisionsWithout(since: string | undefined, scope: readonly string[]): string[] {
  return since === undefined ? [] : scope.filter((revision) => revision < since);
}

/** "MCP <revision> and later", and what the document's scope has that does not define it. */
export function revisionsText(since: string | undefined, scope: readonly string[]): string {
  const applies = since === undefined ? 'every MCP revision the format supports' : `MCP ${since} and later`;
  const missing = revisionsWithout(since, scope);
  return missing.length === 0 ? `Applies to ${applies}.` : `Applies to ${applies}: not to ${missing.join(', ')}, in this scope.`;
}

export function describeMember(name: string, doc: MemberDoc, required: boolean, scope: readonly string[]): string {
  const lines = [`**${escapeMarkdown(name)}**${required ? ' (required)' : ''}`];
  if (doc.description !== undefined) lines.push(doc.description);
  lines.push(revisionsText(doc.since, scope));
  lines.push(`Specification: [MCP Description 0.8.0 ${doc.section}](${sectionUrl(doc.section)}).`);
  return lines.join('\n\n');
}
