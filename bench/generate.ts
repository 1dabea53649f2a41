// Deterministic generator of realistic mcpdesc documents for the benchmark (and for any test that
// wants big, varied inputs). A seed and a target size always give the same text.
//
// Every violation the generator seeds is built to produce exactly one diagnostic of its kind (a
// valid request, valid content, one thing wrong), so `stats.seeded` is also the diagnostics count
// a correct checker reports: the benchmark prints both as a sanity check on what it timed.
import { Random } from './random';
import { adaptValue, renderBaseYaml, renderShape, type ShapeName } from './shapes';
import { buildSpecLike } from './specLike';
import {
  ADJECTIVES,
  DOMAINS,
  ELICITATION_NAMES,
  ENUM_VALUES,
  MODELS,
  NOUNS,
  PROPERTY_NAMES,
  PROTOTYPE_NAMES,
  UNKNOWN_DECLARATION_NAMES,
  VERBS,
  WORDS,
} from './vocabulary';

import { VIOLATION_KINDS } from '../server/src/checker';
import type { GenerationStats, Json, JsonObject, SeededViolation } from './generatedTypes';

export type { GenerationStats, Json, JsonObject, SeededViolation } from './generatedTypes';
export const SEEDED_VIOLATIONS: readonly SeededViolation[] = VIOLATION_KINDS.filter(
  (kind): kind is SeededViolation => kind !== 'invalid-declaration',
);

export interface GenerateOptions {
  /** Share of elicitation steps that violate the rule; default 0.1. */
  violationRate?: number;
  /** 'json' (default, 2-space indentation), 'jsonc' (JSON with a leading comment) or 'yaml'. */
  format?: 'json' | 'jsonc' | 'yaml';
  /** Omit the root `mcpdesc` member (for documents recognised by file name only). Default false. */
  omitMcpdescMember?: boolean;
  /**
   * Every step an elicitation step (no sampling or roots steps): about 2.4 times the elicitation
   * steps per byte, for documents dense with problems. Default false.
   */
  elicitationStepsOnly?: boolean;
  /**
   * How the content is written (shapes.ts; default 'base'): 'json' and 'yaml' formats only, and only
   * those the shape has. 'spec-like' is other content, shaped like the format's public examples.
   */
  shape?: ShapeName;
}

export interface GeneratedDocument {
  text: string;
  value: JsonObject;
  stats: GenerationStats;
}

/** The text of a generated mcpdesc document of about `targetBytes` (at least one tool). */
export function generateDocument(seed: number, targetBytes: number, options: GenerateOptions = {}): string {
  return generateMcpdesc(seed, targetBytes, options).text;
}

/** The document with its value and what was seeded into it. */
export function generateMcpdesc(seed: number, targetBytes: number, options: GenerateOptions = {}): GeneratedDocument {
  const format = options.format ?? 'json';
  const shape = options.shape ?? 'base';
  if (format === 'jsonc' && shape !== 'base') throw new Error(`the ${shape} shape has no jsonc rendering`);
  const build = (bytes: number): BuiltDocument & { jsonBytes: number } => {
    const built =
      shape === 'spec-like' ? buildSpecLike(seed, bytes, options.violationRate ?? 0.1) : buildDocument(seed, bytes, options);
    return {
      value: adaptValue(built.value, shape),
      stats: built.stats,
      jsonBytes: Buffer.byteLength(JSON.stringify(built.value, null, 2)),
    };
  };
  const render = (value: JsonObject): string =>
    format === 'jsonc' ? JSONC_HEADER + renderShape(value, 'base', 'json') : renderShape(value, shape, format);
  // The builders size the value (before adaptValue) as 2-space indented JSON. Other renderings are
  // sized from the first one's ratio to that; the tools are drawn in sequence from one
  // stream, so the second value extends (or cuts) the first.
  const first = build(targetBytes);
  const firstText = render(first.value);
  if (format === 'jsonc' || (format === 'json' && shape === 'base')) {
    return { text: firstText, value: first.value, stats: { ...first.stats, bytes: Buffer.byteLength(firstText) } };
  }
  const ratio = Buffer.byteLength(firstText) / first.jsonBytes;
  const second =
    ratio > 0 && Math.abs(Buffer.byteLength(firstText) - targetBytes) > targetBytes * 0.05 ? build(targetBytes / ratio) : first;
  const text = second === first ? firstText : render(second.value);
  return { text, value: second.value, stats: { ...second.stats, bytes: Buffer.byteLength(text) } };
}

/** A document value as YAML (block style, 2-space indentation, no line folding). */
export function renderYaml(value: Json): string {
  return renderBaseYaml(value);
}

const JSONC_HEADER = '// MCP description generated for the mcpdesc-lsp benchmark.\n// JSONC: comments are allowed.\n';

interface BuiltDocument {
  value: JsonObject;
  stats: Omit<GenerationStats, 'bytes'>;
}

function buildDocument(seed: number, targetBytes: number, options: GenerateOptions): BuiltDocument {
  const random = new Random(seed);
  const generator = new ToolGenerator(random, options.violationRate ?? 0.1, options.elicitationStepsOnly ?? false);
  const serverName = `${random.pick(ADJECTIVES)}-${random.pick(NOUNS).replace('_', '-')}-server`;
  const header: JsonObject = {};
  if (!options.omitMcpdescMember) header.mcpdesc = '0.8.0';
  header.info = {
    name: serverName,
    version: `${random.int(0, 4)}.${random.int(0, 20)}.${random.int(0, 9)}`,
    description: sentence(random, 8, 16),
    protocolVersion: random.pick(['2025-06-18', '2025-11-25', '2025-03-26']),
  };
  header.transports = random.chance(0.5)
    ? [{ type: 'stdio', command: serverName, args: ['--stdio'] }]
    : [{ type: 'streamable-http', url: `https://mcp.${random.pick(DOMAINS)}/${serverName}` }];
  const tools: Json[] = [];
  // Indented JSON of the document without tools, plus each tool at its depth (4 more spaces a line).
  let bytes = Buffer.byteLength(JSON.stringify({ ...header, tools: [] }, null, 2));
  let stats = generator.stats(0);
  while (tools.length === 0 || bytes < targetBytes) {
    const tool = generator.tool(tools.length);
    const standalone = JSON.stringify(tool, null, 2);
    const toolBytes = Buffer.byteLength(standalone) + 4 * countLines(standalone) + 2;
    // Stop at whichever side of the target is closer (the stats stay those of the tools kept).
    if (tools.length > 0 && bytes + toolBytes - targetBytes > targetBytes - bytes) break;
    tools.push(tool);
    bytes += toolBytes;
    stats = generator.stats(tools.length);
  }
  return { value: { ...header, tools }, stats };
}

function countLines(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

function sentence(random: Random, minWords: number, maxWords: number): string {
  const count = random.int(minWords, maxWords);
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(random.pick(WORDS));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

function clone<T extends Json>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

// ---------------------------------------------------------------------------------------------
// Declarations and their requested schemas

type PropertyKind = keyof typeof PROPERTY_NAMES;

interface PropertySpec {
  name: string;
  kind: PropertyKind;
  schema: JsonObject;
  /** A titled enum (`oneOf` of `const`s): a bad value gives several errors, so never seeded. */
  titled: boolean;
}

interface FormDeclaration {
  name: string;
  mode: 'form';
  /** Whether the steps' requests write `mode: "form"` (a request's mode defaults to form; a declaration's is always written). */
  explicitMode: boolean;
  message: string;
  properties: PropertySpec[];
  required: string[];
  schema: JsonObject;
}

interface UrlDeclaration {
  name: string;
  mode: 'url';
  message: string;
  url: string | undefined;
}

type Declaration = FormDeclaration | UrlDeclaration;

const FORMAT_KINDS = ['email', 'uri', 'date', 'date-time'] as const;

class ToolGenerator {
  private readonly seeded: Record<SeededViolation, number> = {
    'unknown-declaration': 0,
    'mode-mismatch': 0,
    'schema-mismatch': 0,
    'url-mismatch': 0,
    'invalid-action': 0,
    'missing-content': 0,
    'unexpected-content': 0,
    'invalid-content': 0,
  };
  private declarations = 0;
  private examples = 0;
  private steps = 0;
  private elicitationSteps = 0;
  private readonly usedToolNames = new Set<string>();

  constructor(
    private readonly random: Random,
    private readonly violationRate: number,
    private readonly elicitationStepsOnly: boolean,
  ) {}

  stats(tools: number): Omit<GenerationStats, 'bytes'> {
    return {
      tools,
      declarations: this.declarations,
      examples: this.examples,
      steps: this.steps,
      elicitationSteps: this.elicitationSteps,
      seeded: { ...this.seeded },
    };
  }

  tool(index: number): JsonObject {
    const r = this.random;
    const verb = r.pick(VERBS);
    const noun = r.pick(NOUNS);
    let name = `${verb}_${noun}`;
    if (this.usedToolNames.has(name)) name = `${name}_${index}`;
    this.usedToolNames.add(name);

    const inputProperties = r.sample(['id', 'version', 'branch', 'environment', 'reason', 'limit', 'dry_run'], r.int(1, 4));
    const inputSchema: JsonObject = {
      type: 'object',
      properties: Object.fromEntries(inputProperties.map((p) => [p, inputPropertySchema(p)])),
      required: inputProperties.slice(0, 1),
    };
    const declarations: Declaration[] = [];
    const declarationCount = r.int(1, 4);
    for (const declarationName of r.sample(ELICITATION_NAMES, declarationCount)) {
      declarations.push(
        r.chance(0.7) ? this.formDeclaration(declarationName, verb, noun) : this.urlDeclaration(declarationName, name),
      );
    }
    this.declarations += declarations.length;

    const elicitations: Json[] = declarations.map(declarationJson);

    const interactionExamples: JsonObject = {};
    const exampleCount = r.int(1, 5);
    for (let e = 0; e < exampleCount; e++) {
      const exampleName = `${r.pick(['approved', 'declined', 'happy-path', 'first-run', 'retry', 'bulk', 'edge-case'])}-${noun.replace('_', '-')}-${e + 1}`;
      interactionExamples[exampleName] = this.example(name, inputProperties, declarations);
    }
    this.examples += exampleCount;

    const tool: JsonObject = {
      name,
      title: `${capitalize(verb)} ${noun.replace('_', ' ')}`,
      description: sentence(r, 10, 30),
      inputSchema,
    };
    if (r.chance(0.4)) {
      tool.annotations = { readOnlyHint: r.chance(0.3), destructiveHint: r.chance(0.3), idempotentHint: r.chance(0.5) };
    }
    tool.elicitations = elicitations;
    tool.interactionExamples = interactionExamples;
    return tool;
  }

  private formDeclaration(name: string, verb: string, noun: string): FormDeclaration {
    const r = this.random;
    const kinds: PropertyKind[] = [
      'email',
      'uri',
      'date',
      'date-time',
      'enum',
      'enum',
      'text',
      'text',
      'number',
      'integer',
      'boolean',
      'boolean',
    ];
    const properties: PropertySpec[] = [];
    const usedNames = new Set<string>();
    const count = r.int(1, 6);
    while (properties.length < count) {
      const kind = r.pick(kinds);
      const propertyName = r.pick(PROPERTY_NAMES[kind]);
      if (usedNames.has(propertyName)) continue;
      usedNames.add(propertyName);
      properties.push(propertySpec(r, propertyName, kind));
    }
    const required = properties.filter((_, i) => i === 0 || r.chance(0.4)).map((p) => p.name);
    const declaration: FormDeclaration = {
      name,
      mode: 'form',
      explicitMode: r.chance(0.6),
      message: `${capitalize(verb)} the ${noun.replace('_', ' ')}? ${sentence(r, 3, 10)}`,
      properties,
      required,
      schema: {},
    };
    declaration.schema = requestedSchema(declaration);
    return declaration;
  }

  private urlDeclaration(name: string, toolName: string): UrlDeclaration {
    const r = this.random;
    return {
      name,
      mode: 'url',
      message: `Authorize ${toolName.replace(/_/g, ' ')} in your browser.`,
      url: r.chance(0.7) ? `https://mcp.${r.pick(DOMAINS)}/${toolName}/${name}/connect` : undefined,
    };
  }

  private example(toolName: string, inputProperties: string[], declarations: Declaration[]): JsonObject {
    const r = this.random;
    const stepCount = r.int(3, 10);
    const types: Array<'roots' | 'sampling' | 'elicitation'> = [];
    for (let i = 0; i < stepCount; i++) {
      const type = r.weighted([
        ['elicitation', 45],
        ['sampling', 30],
        ['roots', 25],
      ] as const);
      types.push(this.elicitationStepsOnly ? 'elicitation' : type);
    }
    if (!types.includes('elicitation')) types[r.int(0, stepCount - 1)] = 'elicitation';
    const steps: Json[] = types.map((type) => {
      if (type === 'roots') return this.rootsStep();
      if (type === 'sampling') return this.samplingStep();
      return this.elicitationStep(toolName, declarations);
    });
    this.steps += steps.length;
    const input: JsonObject = Object.fromEntries(inputProperties.map((p) => [p, inputValue(r, p)]));
    const result: JsonObject = { content: [{ type: 'text', text: sentence(r, 5, 20) }] };
    if (r.chance(0.5)) result.structuredContent = { status: r.pick(['prepared', 'done', 'skipped', 'queued']) };
    if (r.chance(0.1)) result.isError = true;
    return { input, steps, result };
  }

  private rootsStep(): JsonObject {
    const r = this.random;
    const roots: Json[] = [];
    for (let i = r.int(1, 3); i > 0; i--) {
      const folder = r.pick(NOUNS);
      roots.push({ uri: `file:///workspace/${folder}`, name: `${capitalize(folder.replace('_', ' '))} workspace` });
    }
    return { type: 'roots', request: {}, response: { roots } };
  }

  private samplingStep(): JsonObject {
    const r = this.random;
    const request: JsonObject = {
      messages: [{ role: 'user', content: { type: 'text', text: sentence(r, 6, 40) } }],
      maxTokens: r.int(50, 2000),
    };
    if (r.chance(0.4)) request.systemPrompt = sentence(r, 5, 15);
    if (r.chance(0.3)) {
      request.tools = [
        {
          name: `${r.pick(VERBS)}_${r.pick(NOUNS)}`,
          description: sentence(r, 4, 10),
          inputSchema: { type: 'object', properties: { branch: { type: 'string' } }, required: ['branch'] },
        },
      ];
      request.toolChoice = { mode: 'auto' };
    }
    return {
      type: 'sampling',
      request,
      response: {
        role: 'assistant',
        content: { type: 'text', text: sentence(r, 8, 50) },
        model: r.pick(MODELS),
        stopReason: r.pick(['endTurn', 'maxTokens', 'stopSequence']),
      },
    };
  }

  private elicitationStep(toolName: string, declarations: Declaration[]): JsonObject {
    const r = this.random;
    this.elicitationSteps++;
    const declaration = r.pick(declarations);
    if (!r.chance(this.violationRate)) {
      const step = this.validStep(declaration, toolName);
      // A step may name no declaration at all (0.8.0: `declaration` is optional).
      if (r.chance(0.05)) delete step.declaration;
      return step;
    }
    // Try kinds in a random order until one applies to this declaration (two always do).
    for (const kind of r.sample(SEEDED_VIOLATIONS, SEEDED_VIOLATIONS.length)) {
      const step = this.violatingStep(kind, declaration, declarations, toolName);
      if (step) {
        this.seeded[kind]++;
        return step;
      }
    }
    throw new Error('unreachable: unknown-declaration always applies');
  }

  private validStep(declaration: Declaration, toolName: string): JsonObject {
    const r = this.random;
    if (declaration.mode === 'url') {
      return {
        type: 'elicitation',
        declaration: declaration.name,
        request: { mode: 'url', message: declaration.message, url: declaration.url ?? this.stepUrl(toolName, declaration.name) },
        response: {
          action: r.weighted([
            ['accept', 70],
            ['decline', 20],
            ['cancel', 10],
          ] as const),
        },
      };
    }
    const action = r.weighted([
      ['accept', 70],
      ['decline', 20],
      ['cancel', 10],
    ] as const);
    const response: JsonObject = { action };
    if (action === 'accept') response.content = validContent(r, declaration);
    return {
      type: 'elicitation',
      declaration: declaration.name,
      request: formRequest(r, declaration),
      response,
    };
  }

  private stepUrl(toolName: string, declarationName: string): string {
    return `https://auth.${this.random.pick(DOMAINS)}/${toolName}/${declarationName}?session=${this.random.int(100000, 999999)}`;
  }

  /** A step with exactly one violation of `kind`, or undefined when `declaration` cannot carry it. */
  private violatingStep(
    kind: SeededViolation,
    declaration: Declaration,
    declarations: Declaration[],
    toolName: string,
  ): JsonObject | undefined {
    const r = this.random;
    switch (kind) {
      case 'unknown-declaration': {
        const step = this.validStep(declaration, toolName);
        const declared = new Set(declarations.map((d) => d.name));
        const variant = r.int(0, 4);
        if (variant === 0) {
          const typo = typoOf(r, declaration.name);
          step.declaration = declared.has(typo) ? 'missing' : typo;
        } else if (variant === 1) {
          step.declaration = r.pick(UNKNOWN_DECLARATION_NAMES.filter((n) => !declared.has(n)));
        } else if (variant === 2) {
          step.declaration = r.pick(PROTOTYPE_NAMES);
        } else if (variant === 3) {
          // Names are compared exactly: another case is another name.
          const upper = declaration.name.toUpperCase();
          step.declaration = declared.has(upper) ? 'missing' : upper;
        } else {
          step.declaration = r.chance(0.5) ? 42 : null;
        }
        return step;
      }
      case 'mode-mismatch': {
        if (declaration.mode === 'form') {
          return {
            type: 'elicitation',
            declaration: declaration.name,
            request: { mode: 'url', message: declaration.message, url: this.stepUrl(toolName, declaration.name) },
            response: { action: r.pick(['accept', 'decline', 'cancel']) },
          };
        }
        const ownForm = this.formDeclaration(declaration.name, 'provide', 'details');
        const request = formRequest(r, ownForm);
        if (r.chance(0.5)) delete request.mode;
        return {
          type: 'elicitation',
          declaration: declaration.name,
          request,
          response: { action: 'accept', content: validContent(r, ownForm) },
        };
      }
      case 'schema-mismatch': {
        if (declaration.mode !== 'form') return undefined;
        const step = this.validStep(declaration, toolName);
        const request = step.request as JsonObject;
        const schema = request.requestedSchema as JsonObject;
        const properties = schema.properties as Record<string, JsonObject>;
        const variant = r.int(0, 3);
        if (variant === 0) {
          delete request.requestedSchema;
        } else if (variant === 1) {
          const property = properties[r.pick(declaration.properties).name]!;
          property.description = `${sentence(r, 3, 8)} (changed)`;
        } else if (variant === 2) {
          let extra = 'extra_note';
          while (properties[extra]) extra += '_';
          properties[extra] = { type: 'string', maxLength: 200 };
        } else {
          const bounded = declaration.properties.find(
            (p) => typeof p.schema.maximum === 'number' || typeof p.schema.maxLength === 'number',
          );
          if (bounded) {
            const property = properties[bounded.name]!;
            if (typeof property.maximum === 'number') property.maximum += 10;
            else property.maxLength = (property.maxLength as number) + 10;
          } else {
            schema.title = 'Changed form';
          }
        }
        return step;
      }
      case 'url-mismatch': {
        if (declaration.mode !== 'url') return undefined;
        const step = this.validStep(declaration, toolName);
        const request = step.request as JsonObject;
        const variant = declaration.url ? r.int(0, 2) : r.int(1, 2);
        if (variant === 0) request.url = `${declaration.url}/v2`;
        else if (variant === 1) delete request.url;
        else request.url = r.chance(0.5) ? 42 : null;
        return step;
      }
      case 'invalid-action': {
        const step = this.validStep(declaration, toolName);
        const variant = r.int(0, 3);
        if (variant === 0) (step.response as JsonObject).action = r.pick(['approve', 'accepted', 'Accept', 'ok', 'reject']);
        else if (variant === 1) delete (step.response as JsonObject).action;
        else if (variant === 2) delete step.response;
        else step.response = r.pick(['accept', null, 1] as Json[]);
        return step;
      }
      case 'missing-content': {
        if (declaration.mode !== 'form') return undefined;
        const step = this.validStep(declaration, toolName);
        step.response = { action: 'accept' };
        return step;
      }
      case 'unexpected-content': {
        const step = this.validStep(declaration, toolName);
        if (declaration.mode === 'url') {
          step.response = { action: r.pick(['accept', 'decline', 'cancel']), content: { approved: true } };
        } else {
          step.response = {
            action: r.pick(['decline', 'cancel']),
            content: r.chance(0.2) ? null : validContent(r, declaration),
          };
        }
        return step;
      }
      case 'invalid-content': {
        if (declaration.mode !== 'form') return undefined;
        const step = this.validStep(declaration, toolName);
        step.response = { action: 'accept', content: invalidContent(r, declaration) };
        return step;
      }
    }
  }
}

/** An element of a tool's `elicitations` array (MCP Description 0.8.0: named, with an explicit mode). */
function declarationJson(declaration: Declaration): JsonObject {
  if (declaration.mode === 'url') {
    const json: JsonObject = { name: declaration.name, mode: 'url', message: declaration.message };
    if (declaration.url !== undefined) json.url = declaration.url;
    return json;
  }
  return { name: declaration.name, mode: 'form', message: declaration.message, requestedSchema: clone(declaration.schema) };
}

function requestedSchema(declaration: FormDeclaration): JsonObject {
  const schema: JsonObject = {
    type: 'object',
    properties: Object.fromEntries(declaration.properties.map((p) => [p.name, clone(p.schema)])),
  };
  // No additionalProperties: MCP's requestedSchema allows only type, properties, required and
  // $schema, and every generated declaration is one MCP clients accept (declaration-validity: none).
  if (declaration.required.length > 0) schema.required = declaration.required.slice();
  return schema;
}

/** The declaration's schema as a step would carry it: sometimes members and `required` reordered. */
function formRequest(r: Random, declaration: FormDeclaration): JsonObject {
  const request: JsonObject = {};
  if (declaration.explicitMode || r.chance(0.5)) request.mode = 'form';
  request.message = declaration.message;
  let schema = clone(declaration.schema);
  if (r.chance(0.25)) {
    const properties = Object.entries(schema.properties as JsonObject);
    r.shuffleInPlace(properties);
    const reordered: JsonObject = {};
    if (Array.isArray(schema.required)) reordered.required = r.shuffleInPlace(schema.required.slice());
    reordered.properties = Object.fromEntries(properties);
    for (const [key, value] of Object.entries(schema)) if (!(key in reordered)) reordered[key] = value;
    schema = reordered;
  }
  request.requestedSchema = schema;
  return request;
}

function propertySpec(r: Random, name: string, kind: PropertyKind): PropertySpec {
  const schema: JsonObject = { type: 'string' };
  let titled = false;
  if (r.chance(0.5)) schema.title = capitalize(name.replace(/_/g, ' '));
  switch (kind) {
    case 'email':
    case 'uri':
    case 'date':
    case 'date-time':
      schema.format = kind;
      if (r.chance(0.3)) schema.description = `The ${name.replace(/_/g, ' ')} to use.`;
      break;
    case 'enum': {
      const values = r.pick(ENUM_VALUES);
      if (r.chance(0.1)) {
        titled = true;
        schema.oneOf = values.map((value) => ({ const: value, title: capitalize(value) }));
      } else {
        schema.enum = values.slice();
      }
      if (r.chance(0.5)) schema.default = values[0]!;
      break;
    }
    case 'text':
      schema.minLength = 1;
      schema.maxLength = r.pick([40, 80, 200, 500]);
      if (r.chance(0.2)) schema.default = 'n/a';
      break;
    case 'number': {
      schema.type = 'number';
      schema.minimum = 0;
      schema.maximum = r.pick([1, 100, 1000, 50000]);
      if (r.chance(0.4)) schema.default = 0;
      break;
    }
    case 'integer':
      schema.type = 'integer';
      schema.minimum = r.pick([0, 1]);
      schema.maximum = r.pick([10, 50, 100, 1000]);
      if (r.chance(0.4)) schema.default = 1;
      break;
    case 'boolean':
      schema.type = 'boolean';
      if (r.chance(0.5)) schema.default = false;
      break;
  }
  return { name, kind, schema, titled };
}

function validValue(r: Random, property: PropertySpec): Json {
  const s = property.schema;
  switch (property.kind) {
    case 'email':
      return `${r.pick(['ada', 'grace', 'linus', 'margaret', 'ken', 'barbara'])}.${r.pick(['ops', 'dev', 'lee', 'smith'])}@${r.pick(DOMAINS)}`;
    case 'uri':
      return `https://${r.pick(DOMAINS)}/${r.pick(NOUNS)}/${r.int(1, 9999)}`;
    case 'date':
      return `20${r.int(24, 27)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
    case 'date-time':
      return `20${r.int(24, 27)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}T${pad(r.int(0, 23))}:${pad(r.int(0, 59))}:00Z`;
    case 'enum': {
      const values = Array.isArray(s.enum) ? s.enum : (s.oneOf as JsonObject[]).map((o) => o.const!);
      return r.pick(values);
    }
    case 'text': {
      const text = sentence(r, 1, 6);
      return text.slice(0, s.maxLength as number);
    }
    case 'number':
      return Math.round(r.next() * (s.maximum as number) * 100) / 100;
    case 'integer':
      return r.int(s.minimum as number, s.maximum as number);
    case 'boolean':
      return r.chance(0.7);
  }
}

function validContent(r: Random, declaration: FormDeclaration): JsonObject {
  const content: JsonObject = {};
  for (const property of declaration.properties) {
    if (declaration.required.includes(property.name) || r.chance(0.5)) content[property.name] = validValue(r, property);
  }
  return content;
}

/** Valid content with exactly one validation error. */
function invalidContent(r: Random, declaration: FormDeclaration): JsonObject {
  const content = validContent(r, declaration);
  const plain = declaration.properties.filter((p) => !p.titled);
  const variants: Array<() => void> = [];
  const wrongTypeable = plain.filter((p) => p.kind !== 'enum');
  if (wrongTypeable.length > 0) {
    variants.push(() => {
      const p = r.pick(wrongTypeable);
      content[p.name] = p.schema.type === 'string' ? 42 : p.schema.type === 'boolean' ? 'yes' : String(validValue(r, p));
    });
  }
  const formatted = plain.filter((p) => (FORMAT_KINDS as readonly string[]).includes(p.kind));
  if (formatted.length > 0) {
    variants.push(() => {
      const p = r.pick(formatted);
      content[p.name] = { email: 'someone-at-example.com', uri: 'not a uri', date: '2025-13-45', 'date-time': 'next tuesday' }[
        p.kind as (typeof FORMAT_KINDS)[number]
      ];
    });
  }
  const enums = plain.filter((p) => p.kind === 'enum');
  if (enums.length > 0)
    variants.push(() => {
      content[r.pick(enums).name] = 'other';
    });
  const bounded = plain.filter((p) => p.kind === 'number' || p.kind === 'integer' || p.kind === 'text');
  if (bounded.length > 0) {
    variants.push(() => {
      const p = r.pick(bounded);
      content[p.name] = p.kind === 'text' ? 'x'.repeat((p.schema.maxLength as number) + 1) : (p.schema.maximum as number) + 1;
    });
  }
  if (declaration.required.length > 0)
    variants.push(() => {
      delete content[r.pick(declaration.required)];
    });
  // A titled-enum-only form with no required property: a non-string value is the one type error.
  if (variants.length === 0) {
    const p = declaration.properties[0]!;
    return { ...content, [p.name]: 7 };
  }
  r.pick(variants)();
  return content;
}

function typoOf(r: Random, name: string): string {
  if (name.length < 3) return `${name}_x`;
  const i = r.int(0, name.length - 2);
  return r.chance(0.5)
    ? name.slice(0, i) + name.charAt(i + 1) + name.charAt(i) + name.slice(i + 2)
    : name.slice(0, i) + name.slice(i + 1);
}

function inputPropertySchema(name: string): JsonObject {
  switch (name) {
    case 'limit':
      return { type: 'integer', minimum: 1, maximum: 500 };
    case 'dry_run':
      return { type: 'boolean', default: false };
    case 'environment':
      return { type: 'string', enum: ['development', 'staging', 'production'] };
    default:
      return { type: 'string', description: `The ${name} to act on.` };
  }
}

function inputValue(r: Random, name: string): Json {
  switch (name) {
    case 'limit':
      return r.int(1, 500);
    case 'dry_run':
      return r.chance(0.5);
    case 'environment':
      return r.pick(['development', 'staging', 'production']);
    case 'version':
      return `${r.int(0, 4)}.${r.int(0, 20)}.${r.int(0, 9)}`;
    case 'branch':
      return r.pick(['main', 'release/2.0', 'feature/login', 'hotfix/cve']);
    default:
      return `${name}-${r.int(1000, 9999)}`;
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
