// Documents shaped like the format's public examples (mcpdesc/mcpdesc-specification,
// spec/0.8.0/examples: full-featured.yaml and its siblings), written from scratch for the benchmark:
// the same kinds of members in the same places (info with icons, contact and license, protocol
// versions, transports, security schemes, capabilities; tools with input and output schemas,
// elicitation declarations with `when`/`onDecline`/`onCancel`, plain examples, interaction examples
// with roots, sampling and elicitation steps, annotations, tags and an extension member; then
// resources, resource templates, prompts and tags), scaled up by repeating four kinds of tools.
// A share of the interaction examples' elicitation responses carry an invalid action, each giving
// exactly one diagnostic (GenerationStats.seeded['invalid-action']).
import type { GenerationStats, Json, JsonObject, SeededViolation } from './generatedTypes';
import { Random } from './random';
import { DOMAINS, NOUNS, VERBS, WORDS } from './vocabulary';

export interface SpecLikeDocument {
  value: JsonObject;
  stats: Omit<GenerationStats, 'bytes'>;
}

function sentence(r: Random, min: number, max: number): string {
  const words: string[] = [];
  for (let i = r.int(min, max); i > 0; i--) words.push(r.pick(WORDS));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

function title(name: string): string {
  return name
    .split(/[_-]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

class SpecLikeBuilder {
  readonly seeded: Record<SeededViolation, number> = {
    'unknown-declaration': 0,
    'mode-mismatch': 0,
    'schema-mismatch': 0,
    'url-mismatch': 0,
    'invalid-action': 0,
    'missing-content': 0,
    'unexpected-content': 0,
    'invalid-content': 0,
  };
  declarations = 0;
  examples = 0;
  steps = 0;
  elicitationSteps = 0;

  constructor(
    private readonly r: Random,
    private readonly host: string,
    private readonly violationRate: number,
  ) {}

  header(server: string): JsonObject {
    const r = this.r;
    return {
      $schema: 'https://mcpdesc.org/schema/mcp-description/0.8.0.json',
      mcpdesc: '0.8.0',
      info: {
        name: server,
        title: `${title(server)} MCP Server`,
        version: `${r.int(1, 5)}.${r.int(0, 9)}.${r.int(0, 9)}`,
        description: sentence(r, 14, 24),
        id: `urn:mcp:${server}`,
        icons: [
          { src: `https://${this.host}/icons/icon-48.png`, mimeType: 'image/png', sizes: ['48x48'] },
          { src: `https://${this.host}/icons/icon.svg`, mimeType: 'image/svg+xml', sizes: ['any'], theme: 'dark' },
        ],
        websiteUrl: `https://${this.host}`,
        contact: { name: `${title(server)} maintainers`, url: `https://${this.host}/contact`, email: `help@${this.host}` },
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      protocolVersions: ['2025-11-25'],
      instructions: sentence(r, 8, 14),
      transports: [
        { type: 'streamable-http', url: `https://${this.host}/mcp` },
        {
          type: 'stdio',
          command: server,
          args: ['serve', '--stdio', '--data', `/var/lib/${server}`],
          env: { LOG_LEVEL: 'info', DATA_DIR: `/var/lib/${server}` },
        },
      ],
      securitySchemes: {
        oauth: {
          type: 'oauth2',
          description: sentence(r, 6, 12),
          flows: {
            authorizationCode: {
              authorizationUrl: `https://auth.${this.host}/authorize`,
              tokenUrl: `https://auth.${this.host}/token`,
              refreshUrl: `https://auth.${this.host}/refresh`,
              scopes: Object.fromEntries(
                NOUNS.slice(0, 6).map((noun) => [`${noun}:read`, `Read ${noun.replace('_', ' ')} records`]),
              ),
            },
          },
        },
      },
      security: [{ oauth: [] }],
      capabilities: [
        {
          tools: { listChanged: true },
          resources: { subscribe: true, listChanged: true },
          prompts: { listChanged: false },
          completions: {},
          logging: {},
        },
      ],
    };
  }

  /** Tool `index`: one of four kinds, in turn. */
  tool(index: number): JsonObject {
    const noun = NOUNS[index % NOUNS.length]!;
    const suffix = `${noun}_${index}`;
    switch (index % 4) {
      case 0:
        return this.reviewedTool(`${this.r.pick(VERBS)}_${suffix}`, noun);
      case 1:
        return this.lookupTool(`get_${suffix}`, noun);
      case 2:
        return this.recordTool(`record_${suffix}`, noun);
      default:
        return this.searchTool(`search_${suffix}`, noun);
    }
  }

  /** A tool with an elicitation declaration, an output schema, an example and interaction examples. */
  private reviewedTool(name: string, noun: string): JsonObject {
    const r = this.r;
    const declaration = `confirm_${noun}`;
    const message = `Continue with the ${noun.replace('_', ' ')}? ${sentence(r, 3, 8)}`;
    const requestedSchema: JsonObject = {
      type: 'object',
      properties: {
        continue: { type: 'boolean', title: 'Continue', default: true },
        note: { type: 'string', title: 'Note', maxLength: 200 },
      },
      required: ['continue'],
    };
    this.declarations++;
    const input = { id: `${noun}-${r.int(1000, 9999)}`, depth: r.int(1, 40), annotate: r.chance(0.5) };
    const interactionExamples: JsonObject = {};
    for (let e = r.int(1, 3); e > 0; e--) {
      this.examples++;
      this.steps += 3;
      this.elicitationSteps++;
      const response: JsonObject = { action: 'accept', content: { continue: true, note: sentence(r, 2, 6) } };
      if (r.chance(this.violationRate)) {
        response.action = r.pick(['approve', 'accepted', 'ok']);
        this.seeded['invalid-action']++;
      }
      interactionExamples[`reviewed-${noun.replace('_', '-')}-${e}`] = {
        input,
        steps: [
          {
            type: 'roots',
            request: {},
            response: { roots: [{ uri: `file:///workspace/${noun}`, name: `${title(noun)} workspace` }] },
          },
          {
            type: 'sampling',
            request: {
              messages: [{ role: 'user', content: { type: 'text', text: sentence(r, 8, 16) } }],
              tools: [
                {
                  name: `fetch_${noun}_summary`,
                  description: sentence(r, 4, 8),
                  inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
                },
              ],
              toolChoice: { mode: 'auto' },
              maxTokens: r.int(100, 400),
            },
            response: {
              role: 'assistant',
              content: { type: 'text', text: sentence(r, 10, 20) },
              model: 'claude-3-sonnet-20240229',
              stopReason: 'endTurn',
            },
          },
          { type: 'elicitation', declaration, request: { mode: 'form', message, requestedSchema }, response },
        ],
        result: {
          content: [{ type: 'text', text: sentence(r, 6, 14) }],
          structuredContent: {
            score: r.int(0, 100),
            best: `${noun}-${r.int(1, 99)}`,
            breakdown: { first: r.int(50, 99) + 0.5, second: r.int(50, 99) + 0.25 },
            issues: [],
          },
        },
      };
    }
    return {
      name,
      title: title(name),
      description: sentence(r, 16, 30),
      'x-acme-governance': { risk: r.pick(['low', 'medium', 'high']), reviewRequired: r.chance(0.5) },
      inputSchema: {
        type: 'object',
        properties: {
          id: { type: 'string', description: `The ${noun.replace('_', ' ')} to work on` },
          depth: { type: 'integer', description: 'How far to look (default: 20)', minimum: 1, maximum: 40 },
          annotate: { type: 'boolean', description: 'Include step-by-step notes (default: false)' },
        },
        required: ['id'],
      },
      elicitations: [
        {
          name: declaration,
          mode: 'form',
          when: sentence(r, 5, 10),
          message,
          requestedSchema,
          onDecline: sentence(r, 3, 6),
          onCancel: sentence(r, 3, 6),
        },
      ],
      outputSchema: {
        type: 'object',
        properties: {
          score: { type: 'number', description: 'Overall score' },
          best: { type: 'string', description: 'The best candidate' },
          breakdown: { type: 'object', properties: { first: { type: 'number' }, second: { type: 'number' } } },
          issues: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                step: { type: 'integer' },
                severity: { type: 'string', enum: ['low', 'high'] },
                detail: { type: 'string' },
              },
            },
          },
        },
      },
      examples: {
        [`quick-${noun.replace('_', '-')}`]: {
          input,
          result: {
            content: [{ type: 'text', text: sentence(r, 6, 12) }],
            structuredContent: { score: 42, best: `${noun}-1`, breakdown: { first: 90.5, second: 88.25 }, issues: [] },
            isError: false,
          },
        },
      },
      interactionExamples,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      tags: ['analysis'],
    };
  }

  private lookupTool(name: string, noun: string): JsonObject {
    const r = this.r;
    return {
      name,
      title: title(name),
      description: sentence(r, 12, 22),
      inputSchema: {
        type: 'object',
        properties: {
          id: { type: 'string', description: `Unique ${noun.replace('_', ' ')} identifier` },
          view: {
            type: 'string',
            enum: ['summary', 'full', 'history', 'audit'],
            description: 'How much to return (omit for all)',
          },
        },
        required: ['id'],
      },
      outputSchema: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          stats: {
            type: 'object',
            additionalProperties: { type: 'object', properties: { count: { type: 'integer' }, rate: { type: 'number' } } },
          },
        },
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
      tags: ['analysis'],
    };
  }

  private recordTool(name: string, noun: string): JsonObject {
    const r = this.r;
    return {
      name,
      title: title(name),
      description: sentence(r, 14, 26),
      inputSchema: {
        type: 'object',
        properties: {
          owner_id: { type: 'string', description: 'Owner identifier' },
          reviewer_id: { type: 'string', description: 'Reviewer identifier' },
          outcome: { type: 'string', enum: ['passed', 'failed', 'partial'], description: 'Outcome in the usual notation' },
          notes: { type: 'string', description: 'Free-form notes' },
          window: { type: 'string', description: "Time window (e.g., '10+0', '3+2')" },
        },
        required: ['owner_id', 'reviewer_id', 'outcome'],
      },
      examples: {
        [`unknown-${noun.replace('_', '-')}-owner`]: {
          input: { owner_id: 'owner-example-404', reviewer_id: 'owner-example-002', outcome: 'passed' },
          result: { content: [{ type: 'text', text: 'Owner owner-example-404 does not exist.' }], isError: true },
        },
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
      tags: ['records'],
    };
  }

  private searchTool(name: string, noun: string): JsonObject {
    const r = this.r;
    return {
      name,
      title: title(name),
      description: sentence(r, 12, 20),
      inputSchema: {
        type: 'object',
        properties: {
          owner_id: { type: 'string', description: 'Filter by owner' },
          outcome: { type: 'string', enum: ['passed', 'failed', 'partial'] },
          from_date: { type: 'string', description: 'Start date (ISO 8601)' },
          to_date: { type: 'string', description: 'End date (ISO 8601)' },
          limit: { type: 'integer', description: 'Max results (default: 20)', maximum: 100 },
        },
      },
      annotations: { readOnlyHint: true, destructiveHint: false },
      tags: [noun.includes('_') ? 'records' : 'reference'],
    };
  }

  trailer(): JsonObject {
    const r = this.r;
    const resources: Json[] = ['classical', 'rapid', 'catalog', 'rules'].map((kind, i) => ({
      uri: `${this.host.split('.')[0]}://${kind}/current`,
      name: `${kind}_listing`,
      title: `${title(kind)} Listing`,
      description: sentence(r, 8, 18),
      mimeType: i === 3 ? 'text/markdown' : 'application/json',
      tags: ['reference'],
    }));
    const templates: Json[] = ['items/{item_id}', 'owners/{owner_id}/history', 'owners/{owner_id}/ratings'].map((template) => ({
      uriTemplate: `${this.host.split('.')[0]}://${template}`,
      name: template.replace(/[{}]/g, '').replace(/\//g, '_'),
      title: title(template.replace(/[{}]/g, '').replace(/\//g, '_')),
      description: sentence(r, 8, 16),
      mimeType: 'application/json',
      tags: ['records'],
    }));
    const prompts: Json[] = ['analyze_item', 'summarize_history', 'study_guide'].map((name) => ({
      name,
      title: title(name),
      description: sentence(r, 10, 18),
      arguments: [
        { name: 'item_id', title: 'Item ID', description: 'Identifier of the item', required: true },
        { name: 'detail_level', title: 'Detail Level', description: "'brief', 'standard', or 'comprehensive'", required: false },
      ],
      tags: ['analysis'],
    }));
    return {
      resources,
      resourceTemplates: templates,
      prompts,
      tags: [
        { name: 'analysis', description: sentence(r, 4, 8) },
        { name: 'records', description: sentence(r, 4, 8) },
        { name: 'reference', description: sentence(r, 4, 8) },
      ],
    };
  }
}

/** A document of about `targetBytes` as 2-space indented JSON (at least one tool of each kind). */
export function buildSpecLike(seed: number, targetBytes: number, violationRate: number): SpecLikeDocument {
  const r = new Random(seed);
  const server = `${r.pick(NOUNS).replace('_', '-')}-desk`;
  const builder = new SpecLikeBuilder(r, `${server}.${r.pick(DOMAINS)}`, violationRate);
  const header = builder.header(server);
  const trailer = builder.trailer();
  const tools: Json[] = [];
  let bytes = Buffer.byteLength(JSON.stringify({ ...header, tools: [], ...trailer }, null, 2));
  while (tools.length < 4 || bytes < targetBytes) {
    const tool = builder.tool(tools.length);
    const standalone = JSON.stringify(tool, null, 2);
    // At its depth every line of the tool is indented by 4 more spaces.
    bytes += Buffer.byteLength(standalone) + 4 * standalone.split('\n').length + 2;
    tools.push(tool);
  }
  return {
    value: { ...header, tools, ...trailer },
    stats: {
      tools: tools.length,
      declarations: builder.declarations,
      examples: builder.examples,
      steps: builder.steps,
      elicitationSteps: builder.elicitationSteps,
      seeded: { ...builder.seeded },
    },
  };
}
