// Seeded mcpdesc YAML documents in the many layouts a tool's `elicitations` can have, for the
// "Declare elicitation" differential fuzzer: 2, 3 or 4-space indentation; sequences indented under
// their key or not; tool entries and the `elicitations` key written as explicit `? key` / `: value`
// entries (the value on its own lines, or a compact `: - item`); block, flow, multi-line flow and
// empty `[]` sequences, or none at all; block and flow declarations, some merging their members in
// with `<<`; comments between the items, indented into the last one, and at line ends; an anchored
// list another tool aliases, or a tool whose list is an alias; CRLF; streams of several documents.
// Every document is valid YAML by construction (the fuzzer checks that too).
import { SeededRandom } from '../support/random';

/** A YAML value to write: text that goes inline, a mapping or a sequence, or a comment line among entries. */
type Yaml =
  | { inline: string }
  | { map: Array<[string, Yaml] | Comment>; flow?: boolean; explicit?: boolean; anchor?: string }
  | { seq: Array<Yaml | Comment>; flow?: boolean; multiline?: boolean; anchor?: string; compactUnderExplicitKey?: boolean };

interface Comment {
  comment: string;
  /** Columns deeper than the entries' (a comment indented into the entry before it). */
  deeper?: number;
}

export interface DeclareLayoutDocument {
  text: string;
  /** The name the step asks for: the fixture's Declare must declare it. */
  name: string;
  /** Which document of the stream holds the tool, and which tool it is. */
  documentIndex: number;
  toolIndex: number;
  /** Why the fix may be refused (the list's text is shared with another tool), or undefined: it must be offered. */
  mayRefuse?: string;
  /** What the layout is, for failure messages. */
  layout: string;
}

const isComment = (entry: unknown): entry is Comment => typeof entry === 'object' && entry !== null && 'comment' in entry;

class Writer {
  constructor(
    private readonly unit: number,
    private readonly indentSequences: boolean,
  ) {}

  inline(value: Yaml): string {
    if ('inline' in value) return value.inline;
    const anchor = value.anchor ? `&${value.anchor} ` : '';
    if ('map' in value) {
      const members = value.map.filter((entry): entry is [string, Yaml] => !isComment(entry));
      return `${anchor}{${members.map(([key, member]) => `${key}: ${this.inline(member)}`).join(', ')}}`;
    }
    const items = value.seq.filter((item): item is Yaml => !isComment(item));
    return `${anchor}[${items.map((item) => this.inline(item)).join(', ')}]`;
  }

  private isBlock(value: Yaml): boolean {
    if ('inline' in value) return false;
    if ('seq' in value && value.seq.length === 0) return false;
    return !value.flow || ('seq' in value && !!value.multiline);
  }

  /** The lines of a block collection whose entries are at `column`. */
  block(value: Yaml, column: number): string[] {
    if ('inline' in value) throw new Error('not a collection');
    if ('seq' in value && value.flow) {
      // A multi-line flow sequence: `[` on the key's line is written by the caller; items here.
      const items = value.seq.filter((item): item is Yaml => !isComment(item));
      return [
        ...items.map((item, index) => `${pad(column)}${this.inline(item)}${index < items.length - 1 ? ',' : ''}`),
        `${pad(Math.max(0, column - this.unit))}]`,
      ];
    }
    const lines: string[] = [];
    if ('map' in value) {
      for (const entry of value.map) {
        if (isComment(entry)) lines.push(`${pad(column + (entry.deeper ?? 0))}# ${entry.comment}`);
        else lines.push(...this.entry(entry[0], entry[1], column, !!value.explicit));
      }
      return lines;
    }
    for (const item of value.seq) {
      if (isComment(item)) {
        lines.push(`${pad(column + (item.deeper ?? 0))}# ${item.comment}`);
      } else if (this.isBlock(item) && 'map' in item) {
        const inner = this.block(item, column + 2);
        inner[0] = `${pad(column)}- ${inner[0].slice(column + 2)}`;
        lines.push(...inner);
      } else {
        lines.push(`${pad(column)}- ${this.inline(item)}`);
      }
    }
    return lines;
  }

  private entry(key: string, value: Yaml, column: number, explicit: boolean): string[] {
    const anchor = !('inline' in value) && value.anchor ? ` &${value.anchor}` : '';
    if (!this.isBlock(value))
      return explicit
        ? [`${pad(column)}? ${key}`, `${pad(column)}: ${this.inline(value)}`]
        : [`${pad(column)}${key}: ${this.inline(value)}`];
    if ('seq' in value && value.flow) {
      const open = explicit ? [`${pad(column)}? ${key}`, `${pad(column)}:${anchor} [`] : [`${pad(column)}${key}:${anchor} [`];
      return [...open, ...this.block(value, column + this.unit)];
    }
    const isSequence = 'seq' in value;
    if (explicit && isSequence && value.compactUnderExplicitKey && !anchor) {
      const lines = this.block(value, column + 2);
      lines[0] = `${pad(column)}: ${lines[0].slice(column + 2)}`;
      return [`${pad(column)}? ${key}`, ...lines];
    }
    const inner = isSequence && !this.indentSequences && !explicit ? column : column + this.unit;
    const head = explicit ? [`${pad(column)}? ${key}`, `${pad(column)}:${anchor}`] : [`${pad(column)}${key}:${anchor}`];
    return [...head, ...this.block(value, inner)];
  }
}

function pad(columns: number): string {
  return ' '.repeat(columns);
}

const NEW_NAMES = ['missing', 'needs-approval', 'a b', 'yes', '#hash', 'x: y', 'ünïcödé', '123'];

export function declareLayoutDocument(seed: number): DeclareLayoutDocument {
  const random = new SeededRandom(seed);
  const flip = (chance = 0.5) => random.next() < chance;
  const unit = random.pick([2, 2, 3, 4]);
  const indentSequences = flip(0.6);
  const writer = new Writer(unit, indentSequences);
  const layout: string[] = [`unit ${unit}`, indentSequences ? 'indented sequences' : 'sequences at their key'];
  const name = random.pick(NEW_NAMES);
  const quotedName = JSON.stringify(name);

  const formSchema = (): Yaml =>
    flip()
      ? { inline: '{type: object, properties: {approved: {type: boolean}}, required: [approved]}' }
      : {
          map: [
            ['type', { inline: 'object' }],
            ['properties', { map: [['approved', { inline: '{type: boolean}' }]] }],
            ['required', { inline: '[approved]' }],
          ],
        };

  // Existing declarations (names far from every new name, so "Change to" never wins).
  const declaration = (declared: string): Yaml => {
    const members: Array<[string, Yaml]> = flip()
      ? [
          ['name', { inline: declared }],
          ['mode', { inline: 'url' }],
          ['message', { inline: 'Authorize publication.' }],
        ]
      : [
          ['name', { inline: declared }],
          ['mode', { inline: 'form' }],
          ['message', { inline: '"Approve?"' }],
          ['requestedSchema', { inline: '{type: object}' }],
        ];
    if (flip(0.2))
      return {
        map: [
          ['<<', { inline: '*shared-form' }],
          ['name', { inline: declared }],
        ],
      };
    return { map: members, flow: flip(0.3) };
  };

  const elicitationsKind = random.pick([
    'absent',
    'empty',
    'empty-commented',
    'flow',
    'flow-multiline',
    'block',
    'block',
    'block',
    'anchored-shared',
    'alias',
  ]);
  layout.push(`elicitations ${elicitationsKind}`);
  const items: Array<Yaml | Comment> = [];
  const count = 1 + random.below(3);
  for (let index = 0; index < count; index++) {
    if (flip(0.3)) items.push({ comment: `before item ${index}` });
    items.push(declaration(['alpha', 'beta-declaration', 'gamma'][index]));
  }
  if (flip(0.4)) items.push({ comment: 'indented into the last item', deeper: 2 });
  if (flip(0.3)) items.push({ comment: 'after the items' });

  let elicitations: Yaml | undefined;
  let mayRefuse: string | undefined;
  switch (elicitationsKind) {
    case 'absent':
      break;
    case 'empty':
      elicitations = { inline: '[]' };
      break;
    case 'empty-commented':
      elicitations = { inline: '[]   # none yet' };
      break;
    case 'flow':
      elicitations = {
        seq: items.filter((item) => !isComment(item)).map((item) => ({ ...(item as Yaml), flow: true }) as Yaml),
        flow: true,
      };
      break;
    case 'flow-multiline':
      elicitations = {
        seq: items.filter((item) => !isComment(item)).map((item) => ({ ...(item as Yaml), flow: true }) as Yaml),
        flow: true,
        multiline: true,
      };
      break;
    case 'anchored-shared':
      elicitations = { seq: items, anchor: 'decls' };
      mayRefuse = 'the list is anchored and another tool aliases it';
      break;
    case 'alias':
      elicitations = { inline: '*decls' };
      mayRefuse = "the list is an alias: its text is another tool's";
      break;
    default:
      elicitations = { seq: items, compactUnderExplicitKey: flip() };
  }

  const requestMode = random.pick(['url', 'url', 'form', 'implicit-form']);
  layout.push(`request ${requestMode}`);
  const message = random.pick(['Authorize publication.', '"Quoted: message"', "''", undefined]);
  const request: Array<[string, Yaml]> = [];
  if (requestMode !== 'implicit-form') request.push(['mode', { inline: requestMode }]);
  if (message !== undefined) request.push(['message', { inline: message }]);
  const hasUrl = flip(0.8);
  if (requestMode === 'url' && !hasUrl) mayRefuse ??= 'a url request without a url: no declaration can match it (kind 4)';
  if (requestMode === 'url' && hasUrl)
    request.push(['url', { inline: random.pick(['https://mcp.example.com/connect', '"https://mcp.example.com/a#b"']) }]);
  if (requestMode !== 'url') request.push(['requestedSchema', formSchema()]);
  const content = requestMode === 'url' ? '{action: decline}' : '{action: accept, content: {approved: true}}';
  const step: Yaml = {
    map: [
      ['type', { inline: 'elicitation' }],
      ['declaration', { inline: quotedName }],
      ['request', { map: request, flow: flip(0.3) }],
      ['response', { inline: content }],
    ],
  };
  const examples: Yaml = { map: [['ex', { map: [['steps', { seq: [step] }]] }]] };

  const explicitToolKeys = flip(0.3);
  const explicitElicitationsKey = !explicitToolKeys && elicitations !== undefined && flip(0.2);
  if (explicitToolKeys) layout.push('explicit tool keys');
  if (explicitElicitationsKey) layout.push('explicit elicitations key');
  const toolEntries: Array<[string, Yaml] | Comment> = [
    ['name', { inline: 'target' }],
    ['inputSchema', { inline: '{type: object}' }],
  ];
  if (flip(0.3)) toolEntries.push({ comment: 'the declarations' });
  if (elicitations) toolEntries.push(['elicitations', elicitations]);
  toolEntries.push(['interactionExamples', examples]);

  const tools: Array<Yaml | Comment> = [];
  const sharing = elicitationsKind === 'anchored-shared' || elicitationsKind === 'alias';
  // The anchor comes before its alias: with an alias in the target tool, the other tool goes first.
  const other: Yaml = {
    map: [
      ['name', { inline: 'other' }],
      ['elicitations', elicitationsKind === 'alias' ? { seq: items, anchor: 'decls' } : { inline: sharing ? '*decls' : '[]' }],
    ],
  };
  const target: Yaml = { map: toolEntries, explicit: explicitToolKeys };
  const otherFirst = elicitationsKind === 'alias' || (!sharing && flip(0.3));
  if (otherFirst) tools.push(other);
  tools.push(target);
  if (!otherFirst && sharing) tools.push(other);
  const toolIndex = otherFirst ? 1 : 0;

  const lines = [`mcpdesc: 0.8.0`];
  if (flip(0.3)) lines.push('# shared parts');
  lines.push('x-shared:', `${pad(unit)}form: &shared-form {mode: form, message: Approve?, requestedSchema: {type: object}}`);
  lines.push('tools:');
  if (explicitElicitationsKey) {
    // Only the `elicitations` entry is explicit: the writer's map entries are all explicit or none,
    // so the tool is written by hand around it.
    lines.push(...explicitElicitationsTool(writer, tools, toolIndex, unit, indentSequences));
  } else {
    lines.push(...writer.block({ seq: tools }, indentSequences ? unit : 0));
  }
  let text = lines.join('\n') + '\n';
  let documentIndex = 0;
  const stream = random.pick(['single', 'single', 'before', 'after']);
  layout.push(`stream ${stream}`);
  const second = '---\nmcpdesc: 0.8.0\ntools:\n  - name: elsewhere\n    elicitations: []\n';
  if (stream === 'before') {
    text = `${second}---\n${text}`;
    documentIndex = 1;
  } else if (stream === 'after') {
    text = `${text}${second}`;
  }
  if (flip(0.2)) {
    text = text.replace(/(name: other|inputSchema: \{type: object\})$/m, '$1   # at the end of a line');
    layout.push('line-end comment');
  }
  if (flip(0.25)) {
    text = text.replace(/\n/g, '\r\n');
    layout.push('CRLF');
  }
  return { text, name, documentIndex, toolIndex, mayRefuse, layout: layout.join(', ') };
}

/** The tools, the target's `elicitations` written as `? elicitations` / `: ...` among implicit keys. */
function explicitElicitationsTool(
  writer: Writer,
  tools: Array<Yaml | Comment>,
  toolIndex: number,
  unit: number,
  indentSequences: boolean,
): string[] {
  const column = indentSequences ? unit : 0;
  const lines: string[] = [];
  tools.forEach((tool, index) => {
    if (isComment(tool) || !('map' in tool)) return;
    const entries = tool.map;
    const toolLines: string[] = [];
    for (const entry of entries) {
      if (isComment(entry)) {
        toolLines.push(`${pad(column + 2)}# ${entry.comment}`);
        continue;
      }
      const single = writer.block({ map: [entry], explicit: index === toolIndex && entry[0] === 'elicitations' }, column + 2);
      toolLines.push(...single);
    }
    toolLines[0] = `${pad(column)}- ${toolLines[0].slice(column + 2)}`;
    lines.push(...toolLines);
  });
  return lines;
}
