// Documents with findings of the whole-document rules that have fixes (issue 32): security
// requirements that repeat scopes, in every layout a list can have in JSON, JSONC and YAML (one
// line, minified, one item per line, comments after, between and before items, a trailing comma,
// quoted and plain YAML scalars, block and flow sequences), at the root and in tools; API-key
// requirements with scopes; example results whose resultType the tool's protocol scope contradicts.
// Seeded: a seed is one document. The whole-document rules are off by default: check these with
// WHOLE_DOCUMENT_RULES (what `--official` and `"extends": "mcpdesc:official"` turn on).
import { OFFICIAL_PRESET, PRESETS } from '../../shared/src/rules';
import { SeededRandom } from './random';

export const WHOLE_DOCUMENT_RULES = { ...PRESETS[OFFICIAL_PRESET] };

export type ListLayout = 'inline' | 'minified' | 'lines' | 'commented' | 'trailing-comma' | 'block' | 'flow' | 'flow-lines';

export const JSON_LAYOUTS: readonly ListLayout[] = ['inline', 'minified', 'lines'];
export const JSONC_LAYOUTS: readonly ListLayout[] = ['inline', 'lines', 'commented', 'trailing-comma'];
export const YAML_LAYOUTS: readonly ListLayout[] = ['block', 'flow', 'flow-lines', 'commented'];

export type Extension = 'json' | 'jsonc' | 'yaml';

export interface GeneratedDocument {
  name: string;
  format: 'json' | 'yaml';
  extension: Extension;
  text: string;
  /** Every comment written into a scope list (each must outlive its fixes). */
  comments: string[];
  /** How many scopes the lists repeat (each a duplicate-security-scope finding). */
  repeats: number;
}

/** The catalogued scopes of the OAuth scheme `o`. */
export const SCOPES = ['read', 'write', 'admin', 'audit', 'billing', 'deploy'];

interface Requirement {
  scheme: 'o' | 'k';
  scopes: string[];
  layout: ListLayout;
}

interface Tool {
  name: string;
  protocolVersions?: string[];
  security: Requirement[];
  /** An example result with (true) or without (false) a resultType; none when undefined. */
  resultType?: boolean;
}

/** A list of `length` scopes drawn from the first `pool` catalogued ones: repeats come from a small pool. */
function scopeList(random: SeededRandom, length: number, pool: number): string[] {
  return Array.from({ length }, () => SCOPES[random.below(pool)]);
}

function repeatsOf(scopes: readonly string[]): number {
  return scopes.length - new Set(scopes).size;
}

class Writer {
  readonly comments: string[] = [];
  private commentCount = 0;

  constructor(
    private readonly extension: Extension,
    private readonly random: SeededRandom,
  ) {}

  private comment(kind: 'line' | 'block'): string {
    // Numbered and closed ("note 1." is no prefix of "note 12."), so each is found once.
    const text = `${kind === 'line' ? (this.extension === 'yaml' ? '#' : '//') : '/*'} note ${++this.commentCount}.${kind === 'block' ? ' */' : ''}`;
    this.comments.push(text);
    return text;
  }

  private scalar(scope: string): string {
    if (this.extension !== 'yaml') return JSON.stringify(scope);
    const quote = this.random.below(4);
    return quote === 0 ? `"${scope}"` : quote === 1 ? `'${scope}'` : scope;
  }

  /** A JSON or JSONC list, the text after `"o": ` (at `indent` columns). */
  jsonList(scopes: readonly string[], layout: ListLayout, indent: number): string {
    const items = scopes.map((scope) => this.scalar(scope));
    const pad = ' '.repeat(indent + 2);
    switch (layout) {
      case 'minified':
        return `[${items.join(',')}]`;
      case 'lines':
        return `[\n${items.map((item) => pad + item).join(',\n')}\n${' '.repeat(indent)}]`;
      case 'trailing-comma':
        return `[${items.join(', ')},]`;
      case 'commented': {
        const lines = items.map((item, index) => {
          const last = index === items.length - 1;
          const roll = this.random.below(5);
          if (roll === 0) return `${pad}${this.comment('line')}\n${pad}${item}${last ? '' : ','}`;
          if (roll === 1) return `${pad}${item}${last ? '' : ','} ${this.comment('line')}`;
          if (roll === 2) return `${pad}${item} ${this.comment('block')}${last ? '' : ','}`;
          if (roll === 3) return `${pad}${this.comment('block')} ${item}${last ? '' : ','}`;
          return `${pad}${item}${last ? '' : ','}`;
        });
        return `[\n${lines.join('\n')}\n${' '.repeat(indent)}]`;
      }
      default:
        return `[${items.join(', ')}]`;
    }
  }

  /** A YAML list: the text after `o:` (a block sequence starts on the next line, at `indent` columns). */
  yamlList(scopes: readonly string[], layout: ListLayout, indent: number): string {
    const items = scopes.map((scope) => this.scalar(scope));
    const pad = ' '.repeat(indent);
    switch (layout) {
      case 'flow':
        return ` [${items.join(', ')}]`;
      case 'flow-lines': {
        const lines = items.map((item, index) => {
          const last = index === items.length - 1;
          return `${pad}  ${item}${last ? '' : ','}${this.random.below(3) === 0 ? ` ${this.comment('line')}` : ''}`;
        });
        return ` [\n${lines.join('\n')}\n${pad}]`;
      }
      case 'commented':
        return `\n${items
          .map((item) => {
            const roll = this.random.below(4);
            if (roll === 0) return `${pad}${this.comment('line')}\n${pad}- ${item}`;
            if (roll === 1) return `${pad}- ${item} ${this.comment('line')}`;
            return `${pad}- ${item}`;
          })
          .join('\n')}`;
      default:
        return `\n${items.map((item) => `${pad}- ${item}`).join('\n')}`;
    }
  }
}

const JSON_HEAD = (versions: string[]) => `{
  "mcpdesc": "0.8.0",
  "info": { "name": "generated", "version": "1.0.0" },
  "protocolVersions": ${JSON.stringify(versions)},
  "transports": [{ "type": "stdio", "command": "server" }],
  "securitySchemes": {
    "o": { "type": "oauth2", "flows": { "clientCredentials": { "tokenUrl": "https://example.com/token", "scopes": { ${SCOPES.map((scope) => `"${scope}": "${scope}"`).join(', ')} } } } },
    "k": { "type": "apiKey", "name": "X-Key", "in": "header" }
  }`;

const YAML_HEAD = (versions: string[]) => `mcpdesc: 0.8.0
info: {name: generated, version: 1.0.0}
protocolVersions: [${versions.join(', ')}]
transports:
  - {type: stdio, command: server}
securitySchemes:
  o:
    type: oauth2
    flows:
      clientCredentials:
        tokenUrl: https://example.com/token
        scopes: {${SCOPES.map((scope) => `${scope}: ${scope}`).join(', ')}}
  k: {type: apiKey, name: X-Key, in: header}`;

/** A document of `tools`, with `root` requirements, written in `extension`'s syntax. */
function render(
  extension: Extension,
  random: SeededRandom,
  root: Requirement[],
  tools: Tool[],
  versions: string[],
): { text: string; comments: string[] } {
  const writer = new Writer(extension, random);
  if (extension === 'yaml') {
    const requirements = (requirements: Requirement[], indent: number) =>
      requirements
        .map(
          (requirement) =>
            `${' '.repeat(indent)}- ${requirement.scheme}:${writer.yamlList(requirement.scopes, requirement.layout, indent + 4)}`,
        )
        .join('\n');
    const parts = [YAML_HEAD(versions)];
    if (root.length > 0) parts.push(`security:\n${requirements(root, 2)}`);
    parts.push(
      `tools:\n${tools
        .map((tool) => {
          const lines = [`  - name: ${tool.name}`];
          if (tool.protocolVersions) lines.push(`    protocolVersions: [${tool.protocolVersions.join(', ')}]`);
          lines.push('    inputSchema: {type: object}');
          if (tool.security.length > 0) lines.push(`    security:\n${requirements(tool.security, 6)}`);
          if (tool.resultType !== undefined) {
            lines.push('    examples:', '      e:', '        input: {}', '        result:');
            if (tool.resultType) lines.push('          resultType: complete');
            lines.push('          content: []');
          }
          return lines.join('\n');
        })
        .join('\n')}`,
    );
    return { text: `${parts.join('\n')}\n`, comments: writer.comments };
  }
  const requirements = (requirements: Requirement[], indent: number) =>
    `[\n${requirements
      .map(
        (requirement) =>
          `${' '.repeat(indent + 2)}{ "${requirement.scheme}": ${writer.jsonList(requirement.scopes, requirement.layout, indent + 2)} }`,
      )
      .join(',\n')}\n${' '.repeat(indent)}]`;
  const members = [JSON_HEAD(versions)];
  if (root.length > 0) members.push(`  "security": ${requirements(root, 2)}`);
  members.push(
    `  "tools": [\n${tools
      .map((tool) => {
        const own = [`"name": "${tool.name}"`];
        if (tool.protocolVersions) own.push(`"protocolVersions": ${JSON.stringify(tool.protocolVersions)}`);
        own.push('"inputSchema": { "type": "object" }');
        if (tool.security.length > 0) own.push(`"security": ${requirements(tool.security, 6)}`);
        if (tool.resultType !== undefined)
          own.push(
            `"examples": { "e": { "input": {}, "result": { ${tool.resultType ? '"resultType": "complete", ' : ''}"content": [] } } }`,
          );
        return `    {\n      ${own.join(',\n      ')}\n    }`;
      })
      .join(',\n')}\n  ]`,
  );
  return { text: `${members.join(',\n')}\n}\n`, comments: writer.comments };
}

function layoutsOf(extension: Extension): readonly ListLayout[] {
  return extension === 'yaml' ? YAML_LAYOUTS : extension === 'jsonc' ? JSONC_LAYOUTS : JSON_LAYOUTS;
}

/**
 * One requirement of scheme `o` in one tool (and, with `atRoot`, one at the root too) whose list
 * has `length` scopes from a pool of `pool`, in `layout`.
 */
export function repeatedScopesDocument(
  seed: number,
  extension: Extension,
  layout: ListLayout,
  length: number,
  pool = 3,
  atRoot = false,
): GeneratedDocument {
  const random = new SeededRandom(seed);
  const scopes = scopeList(random, length, pool);
  const rootScopes = atRoot ? scopeList(random, length, pool) : [];
  const root: Requirement[] = atRoot ? [{ scheme: 'o', scopes: rootScopes, layout }] : [];
  const tools: Tool[] = [{ name: 'tool_0', security: [{ scheme: 'o', scopes, layout }] }];
  const { text, comments } = render(extension, random, root, tools, ['2025-11-25']);
  return {
    name: `${length} scopes, ${layout} ${extension}${atRoot ? ', also at the root' : ''} (seed ${seed})`,
    format: extension === 'yaml' ? 'yaml' : 'json',
    extension,
    text,
    comments,
    repeats: repeatsOf(scopes) + repeatsOf(rootScopes),
  };
}

/** A document mixing the findings above at random: the fuzz targets' seedlings. */
export function wholeDocumentFindingsDocument(seed: number, extension?: Extension): GeneratedDocument {
  const random = new SeededRandom(seed);
  const chosen: Extension = extension ?? random.pick(['json', 'jsonc', 'yaml'] as const);
  const layouts = layoutsOf(chosen);
  const requirement = (): Requirement =>
    random.chance(0.2)
      ? { scheme: 'k', scopes: scopeList(random, random.below(3), 2), layout: random.pick(layouts) }
      : {
          scheme: 'o',
          scopes: scopeList(random, 1 + random.below(random.chance(0.15) ? 160 : 12), 1 + random.below(SCOPES.length)),
          layout: random.pick(layouts),
        };
  const root = Array.from({ length: random.below(2) }, requirement);
  const tools: Tool[] = Array.from({ length: 1 + random.below(4) }, (_, index) => ({
    name: `tool_${index}`,
    protocolVersions: random.chance(0.5) ? [random.pick(['2025-11-25', '2026-07-28'])] : undefined,
    security: Array.from({ length: random.below(3) }, requirement),
    resultType: random.chance(0.5) ? random.chance(0.5) : undefined,
  }));
  const { text, comments } = render(chosen, random, root, tools, ['2025-11-25', '2026-07-28']);
  const repeats = [...root, ...tools.flatMap((tool) => tool.security)]
    .filter((requirement) => requirement.scheme === 'o')
    .reduce((sum, requirement) => sum + repeatsOf(requirement.scopes), 0);
  return {
    name: `whole-document findings, ${chosen} (seed ${seed})`,
    format: chosen === 'yaml' ? 'yaml' : 'json',
    extension: chosen,
    text,
    comments,
    repeats,
  };
}
