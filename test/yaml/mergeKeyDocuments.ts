// Seeded mcpdesc YAML documents full of merge keys (`<<`), for the merge-key fix fuzzer: shared
// anchors merged by several steps, inline flow and block merge sources, lists of sources, merge-only
// mappings in block and flow style, steps that merge a whole step, declarations that merge their
// members in, and own members before, between and after the `<<` pairs; tagged merge keys, comments
// at line ends and CRLF now and then. Every document is valid
// YAML by construction.
import { SeededRandom } from '../support/random';

export const NEW_URL = 'https://new.example.com/connect';
export const OLD_URL = 'https://old.example.com/connect';
const DECLARED_SCHEMA = '{type: object, properties: {approved: {type: boolean}}, required: [approved]}';
const OTHER_SCHEMA = '{type: object}';

type Value = { text: string } | { map: Mapping };
type MergeSource = { text: string } | { map: Mapping };
type Entry = { key: string; value: Value } | { merge: MergeSource };

interface Mapping {
  entries: Entry[];
  flow: boolean;
}

class Writer {
  constructor(
    private readonly unit: number,
    private readonly random: SeededRandom,
  ) {}

  /** `<<`, now and then with its tag (`!!merge <<`), which must not change what a fix may do. */
  private mergeKey(): string {
    return this.random.next() < 0.05 ? '!!merge <<' : '<<';
  }

  /** The lines of a block mapping at `column` (every line indented). */
  block(mapping: Mapping, column: number): string[] {
    const lines: string[] = [];
    for (const entry of mapping.entries) {
      const key = 'merge' in entry ? this.mergeKey() : entry.key;
      const value = 'merge' in entry ? entry.merge : entry.value;
      if ('map' in value && !value.map.flow) {
        lines.push(`${pad(column)}${key}:`, ...this.block(value.map, column + this.unit));
      } else {
        lines.push(`${pad(column)}${key}: ${this.inline(value)}`);
      }
    }
    return lines;
  }

  inline(value: Value | MergeSource): string {
    if ('text' in value) return value.text;
    const members = value.map.entries.map((entry) =>
      'merge' in entry ? `${this.mergeKey()}: ${this.inline(entry.merge)}` : `${entry.key}: ${this.inline(entry.value)}`,
    );
    return `{${members.join(', ')}}`;
  }

  /** A sequence item: `- ` and the mapping, compact when block. */
  item(mapping: Mapping, column: number): string[] {
    if (mapping.flow) return [`${pad(column)}- ${this.inline({ map: mapping })}`];
    const lines = this.block(mapping, column + 2);
    lines[0] = `${pad(column)}- ${lines[0].slice(column + 2)}`;
    return lines;
  }
}

function pad(columns: number): string {
  return ' '.repeat(columns);
}

/** A flow mapping can hold only flow values; a block one may hold either. */
function settle(mapping: Mapping): Mapping {
  if (mapping.entries.length === 0) mapping.flow = true;
  if (mapping.flow) {
    for (const entry of mapping.entries) {
      const value = 'merge' in entry ? entry.merge : entry.value;
      if ('map' in value) value.map.flow = true;
    }
  }
  for (const entry of mapping.entries) {
    const value = 'merge' in entry ? entry.merge : entry.value;
    if ('map' in value) settle(value.map);
  }
  return mapping;
}

const REQUEST_ANCHORS = ['url-request', 'form-request', 'url-request-no-url', 'empty'];
const RESPONSE_ANCHORS = ['accepted', 'accepted-without-content', 'declined-with-content'];

export interface MergeKeyDocument {
  text: string;
  /** How many steps the document has (the fuzzer compares them one by one). */
  steps: number;
}

export function mergeKeyDocument(seed: number): MergeKeyDocument {
  const random = new SeededRandom(seed);
  const unit = random.pick([2, 2, 4, 3]);
  const writer = new Writer(unit, random);
  const flip = (chance = 0.5) => random.next() < chance;
  const shuffled = <T>(items: T[]): T[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = random.below(index + 1);
      [copy[index], copy[other]] = [copy[other], copy[index]];
    }
    return copy;
  };
  const own = (key: string, text: string): Entry => ({ key, value: { text } });
  const alias = (name: string): MergeSource => ({ text: `*${name}` });

  const requestMembers = (): Entry[] => {
    const members: Entry[] = [];
    if (flip()) members.push(own('mode', random.pick(['url', 'form'])));
    if (flip(0.3)) members.push(own('message', random.pick(['Authorize.', '"Approve?"'])));
    if (flip()) members.push(own('url', random.pick([NEW_URL, OLD_URL, ''])));
    if (flip(0.4)) members.push(own('requestedSchema', random.pick([DECLARED_SCHEMA, OTHER_SCHEMA])));
    return members;
  };
  const inlineSource = (flow: boolean): MergeSource => ({ map: { entries: requestMembers().slice(0, 2), flow } });

  const request = (): Value => {
    switch (random.below(8)) {
      case 0:
        return { map: { entries: requestMembers(), flow: flip() } };
      case 1:
        return { text: `*${random.pick(REQUEST_ANCHORS)}` };
      case 2:
        return { map: { entries: [{ merge: alias(random.pick(REQUEST_ANCHORS)) }], flow: flip() } };
      case 3:
        return {
          map: { entries: shuffled([{ merge: alias(random.pick(REQUEST_ANCHORS)) }, ...requestMembers()]), flow: flip() },
        };
      case 4: {
        const sources = shuffled([alias(random.pick(REQUEST_ANCHORS)), inlineSource(true)]).map((source) =>
          writer.inline(source),
        );
        return {
          map: {
            entries: shuffled([{ merge: { text: `[${sources.join(', ')}]` } }, ...requestMembers().slice(0, 1)]),
            flow: flip(),
          },
        };
      }
      case 5:
        return { map: { entries: shuffled([{ merge: inlineSource(true) }, ...requestMembers().slice(0, 1)]), flow: flip() } };
      case 6:
        return { map: { entries: shuffled([{ merge: inlineSource(false) }, ...requestMembers().slice(0, 1)]), flow: false } };
      default:
        return {
          map: {
            entries: [{ merge: { text: `[*${random.pick(REQUEST_ANCHORS)}, *${random.pick(REQUEST_ANCHORS)}]` } }],
            flow: flip(),
          },
        };
    }
  };

  const response = (): Value => {
    const action = own('action', random.pick(['accept', 'decline', 'cancel']));
    const content = own('content', random.pick(['{approved: true}', '{}', 'null']));
    switch (random.below(5)) {
      case 0:
        return { map: { entries: flip() ? [action, content] : [action], flow: flip() } };
      case 1:
        return { map: { entries: [{ merge: alias(random.pick(RESPONSE_ANCHORS)) }], flow: flip() } };
      case 2:
        return {
          map: { entries: shuffled([{ merge: alias(random.pick(RESPONSE_ANCHORS)) }, flip() ? action : content]), flow: flip() },
        };
      case 3:
        return {
          map: { entries: [{ merge: { map: { entries: flip() ? [action, content] : [action], flow: true } } }], flow: flip() },
        };
      default:
        return { map: { entries: [{ merge: { map: { entries: [action, content], flow: false } } }], flow: false } };
    }
  };

  const step = (): Mapping => {
    const entries: Entry[] = [];
    const declaration = random.pick(['authorize', 'confirm', 'authorise', 'confirn', undefined]);
    const merged = random.below(4);
    if (merged === 0) entries.push({ merge: alias('step') });
    if (merged === 1)
      entries.push({
        merge: {
          map: {
            entries: [own('type', 'elicitation'), own('declaration', random.pick(['authorize', 'confirm', 'authorise']))],
            flow: true,
          },
        },
      });
    if (merged > 1 || flip()) entries.push(own('type', 'elicitation'));
    if (declaration !== undefined && (merged > 1 || flip())) entries.push(own('declaration', declaration));
    if (merged === 0 ? flip(0.3) : flip(0.9)) entries.push({ key: 'request', value: request() });
    if (merged === 0 ? flip(0.3) : flip(0.9)) entries.push({ key: 'response', value: response() });
    return settle({ entries: flip(0.7) ? entries : shuffled(entries), flow: flip(0.25) });
  };

  const shared: Array<[string, Mapping]> = [
    [
      'url-request',
      {
        entries: [own('mode', 'url'), own('message', 'Authorize.'), own('url', random.pick([OLD_URL, NEW_URL]))],
        flow: flip(0.3),
      },
    ],
    [
      'form-request',
      { entries: [own('mode', 'form'), own('requestedSchema', random.pick([OTHER_SCHEMA, DECLARED_SCHEMA]))], flow: flip(0.3) },
    ],
    ['url-request-no-url', { entries: [own('mode', 'url')], flow: flip(0.3) }],
    ['empty', { entries: [], flow: true }],
    ['accepted', { entries: [own('action', 'accept'), own('content', '{approved: true}')], flow: flip(0.3) }],
    ['accepted-without-content', { entries: [own('action', 'accept')], flow: flip(0.3) }],
    ['declined-with-content', { entries: [own('action', 'decline'), own('content', '{approved: false}')], flow: flip(0.3) }],
    [
      'step',
      settle({
        entries: [
          own('type', 'elicitation'),
          own('declaration', random.pick(['authorize', 'confirm', 'authorise'])),
          { key: 'request', value: request() },
          { key: 'response', value: response() },
        ],
        flow: flip(0.3),
      }),
    ],
  ];
  const lines = ['mcpdesc: 0.8.0', 'x-shared:'];
  for (const [name, mapping] of shared) {
    settle(mapping);
    if (mapping.flow) lines.push(`${pad(unit)}${name}: &${name} ${writer.inline({ map: mapping })}`);
    else lines.push(`${pad(unit)}${name}: &${name}`, ...writer.block(mapping, 2 * unit));
  }
  const tool = unit;
  lines.push('tools:', `${pad(tool)}- name: t`, `${pad(tool + 2)}elicitations:`);
  // The declarations: a sequence under `elicitations` (indented or not), whose mappings may merge
  // their members in (`- <<: *source` first, or after the name).
  const declarations = tool + 2 + (flip() ? unit : 0);
  const member = declarations + 2;
  switch (random.below(3)) {
    case 0:
      lines.push(`${pad(declarations)}- {name: authorize, mode: url, message: Authorize., url: ${NEW_URL}}`);
      break;
    case 1:
      lines.push(
        `${pad(declarations)}- name: authorize`,
        `${pad(member)}<<: *url-request-no-url`,
        `${pad(member)}message: Authorize.`,
        `${pad(member)}url: ${NEW_URL}`,
      );
      break;
    default:
      lines.push(
        `${pad(declarations)}- <<: *url-request-no-url`,
        `${pad(member)}name: authorize`,
        `${pad(member)}message: Authorize.`,
        `${pad(member)}url: ${NEW_URL}`,
      );
  }
  lines.push(`${pad(declarations)}- {name: confirm, mode: form, message: Approve?, requestedSchema: ${DECLARED_SCHEMA}}`);
  const examples = tool + 2 + unit;
  lines.push(`${pad(tool + 2)}interactionExamples:`, `${pad(examples)}e:`, `${pad(examples + unit)}steps:`);
  const count = 2 + random.below(3);
  const items = examples + unit + (flip() ? unit : 0);
  for (let index = 0; index < count; index++) lines.push(...writer.item(step(), items));
  // Comments at the ends of lines, and now and then CRLF line breaks.
  const commented = lines.map((line) => (flip(0.1) ? `${line}  # note` : line));
  const eol = flip(0.2) ? '\r\n' : '\n';
  return { text: commented.join(eol) + eol, steps: count };
}
