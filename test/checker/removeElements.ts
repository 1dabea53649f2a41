// DocumentEditor.removeElements held to what it says, over seeded lists in every layout (JSON, JSONC
// with comments and trailing commas, YAML block and flow sequences with comments, quoted and plain
// scalars, CRLF): with any set of items removed (every item too, where the list may be emptied),
// the text reads back as the list without exactly those items, has no syntax error, and keeps
// every comment; where the editor refuses (a YAML anchor or tag on an item, a block scalar, an
// emptied block sequence at its key's column), it says so with no edit. Run by both tiers at their
// own counts (removeElements.test.ts, removeElements.thorough.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import YAML from 'yaml';
import { applyOffsetEdits, normalizeEdits } from '../../server/src/checker/syntax/textEdits';
import { syntaxOf } from '../../server/src/checker/syntax/syntaxOf';
import { memberOf } from '../../server/src/checker/syntax/tree';
import { SeededRandom } from '../support/random';

type Layout = 'inline' | 'minified' | 'lines' | 'commented' | 'block' | 'flow' | 'flow-lines' | 'block-commented';
const JSON_LAYOUTS: Layout[] = ['inline', 'minified', 'lines', 'commented'];
const YAML_LAYOUTS: Layout[] = ['block', 'flow', 'flow-lines', 'block-commented'];

interface List {
  format: 'json' | 'yaml';
  text: string;
  values: unknown[];
  comments: string[];
  /** Items the YAML editor must refuse to remove (an anchor or a tag on them, a block scalar). */
  refused: Set<number>;
}

function generate(random: SeededRandom, format: 'json' | 'yaml', layout: Layout): List {
  const length = 1 + random.below(9);
  const values: unknown[] = [];
  const comments: string[] = [];
  const refused = new Set<number>();
  const comment = (marker: string) => {
    const text = `${marker} c${comments.length}.`;
    comments.push(text);
    return text;
  };
  const items: string[] = [];
  for (let index = 0; index < length; index++) {
    const word = random.pick(['a', 'b', 'read', 'x y', 'é', '😀', '1']);
    const kind = random.below(10);
    if (format === 'json') {
      if (kind === 0) {
        values.push(index);
        items.push(String(index));
      } else if (kind === 1 && layout !== 'minified') {
        values.push({ k: word });
        items.push(`{ "k": ${JSON.stringify(word)} }`);
      } else {
        values.push(word);
        items.push(JSON.stringify(word));
      }
      continue;
    }
    values.push(word === '1' ? 1 : word);
    if (kind === 0) {
      values[index] = word;
      items.push(`"${word}"`);
    } else if (kind === 1) {
      values[index] = word;
      items.push(`'${word}'`);
    } else if (kind === 2 && layout !== 'flow' && layout !== 'flow-lines') {
      values[index] = `${word}\n`;
      items.push(`|\n    ${word}`);
      refused.add(index);
    } else if (kind === 3) {
      items.push(`&anchor${index} ${word === '1' ? '1' : word}`);
      refused.add(index);
    } else items.push(word);
  }
  const trailingComma = format === 'json' && random.chance(0.2);
  const comma = (index: number) => (index < length - 1 || trailingComma ? ',' : '');
  let list: string;
  switch (layout) {
    case 'minified':
      list = `[${items.join(',')}${trailingComma ? ',' : ''}]`;
      break;
    case 'lines':
      list = `[\n${items.map((item, index) => `    ${item}${comma(index)}`).join('\n')}\n  ]`;
      break;
    case 'commented':
      list = `[\n${items
        .map((item, index) => {
          const roll = random.below(5);
          if (roll === 0) return `    ${comment('//')}\n    ${item}${comma(index)}`;
          if (roll === 1) return `    ${item}${comma(index)} ${comment('//')}`;
          if (roll === 2) return `    ${item} /*${comment('')} */${comma(index)}`;
          if (roll === 3) return `    /*${comment('')} */ ${item}${comma(index)}`;
          return `    ${item}${comma(index)}`;
        })
        .join('\n')}\n  ]`;
      break;
    case 'block':
      list = `\n${items.map((item) => `  - ${item}`).join('\n')}`;
      break;
    case 'block-commented':
      list = `\n${items
        .map((item) => {
          const roll = random.below(4);
          if (roll === 0) return `  ${comment('#')}\n  - ${item}`;
          if (roll === 1 && !item.startsWith('|')) return `  - ${item} ${comment('#')}`;
          return `  - ${item}`;
        })
        .join('\n')}`;
      break;
    case 'flow':
      list = ` [${items.join(', ')}]`;
      break;
    case 'flow-lines':
      list = ` [\n${items.map((item, index) => `    ${item}${index < length - 1 ? ',' : ''}${random.chance(0.4) ? ` ${comment('#')}` : ''}`).join('\n')}\n  ]`;
      break;
    default:
      list = `[${items.join(', ')}${trailingComma ? ',' : ''}]`;
  }
  const text = format === 'json' ? `{\n  "list": ${list},\n  "after": true\n}\n` : `list:${list}\nafter: true\n`;
  return { format, text, values, comments, refused };
}

function readBack(format: 'json' | 'yaml', text: string): { list: unknown; errors: number } {
  if (format === 'json') {
    const errors: ParseError[] = [];
    const value = parseJsonc(text, errors, { allowTrailingComma: true }) as { list: unknown };
    return { list: value?.list, errors: errors.length };
  }
  const document = YAML.parseDocument(text);
  return { list: (document.toJS() as { list: unknown })?.list, errors: document.errors.length };
}

/** Removes random sets of items from `lists` seeded lists; returns how many removals the editor made. */
export function removalsHold(lists: number, seed = 20261206): { made: number; refused: number } {
  const random = new SeededRandom(seed);
  let made = 0;
  let refusedCount = 0;
  for (let round = 0; round < lists; round++) {
    const format = round % 2 === 0 ? 'json' : 'yaml';
    const layout = random.pick(format === 'json' ? JSON_LAYOUTS : YAML_LAYOUTS);
    const list = generate(random, format, layout);
    const text = round % 7 === 3 ? list.text.replace(/\n/g, '\r\n') : list.text;
    const syntax = syntaxOf(format);
    const parsed = syntax.parse(text);
    const array = memberOf(parsed.roots[0], 'list');
    assert.equal(array?.type, 'array', text);
    if (array?.type !== 'array') continue;
    const emptying = random.chance(0.25);
    const chosen = emptying
      ? array.items.map((_, index) => index)
      : array.items.map((_, index) => index).filter(() => random.chance(0.4));
    if (chosen.length === 0) chosen.push(random.below(array.items.length));
    const all = chosen.length === array.items.length;
    const where = `list ${round} (${format} ${layout}${emptying ? ', emptied' : ''}): removing ${JSON.stringify(chosen)} of\n${text}`;
    const edits = syntax.editor(text).removeElements(
      array,
      chosen.map((index) => array.items[index]),
      emptying,
    );
    const mustRefuse = (all && !emptying) || (format === 'yaml' && chosen.some((index) => list.refused.has(index)));
    if (mustRefuse) {
      assert.deepEqual(edits, [], `${where}: refused`);
      refusedCount++;
      continue;
    }
    if (edits.length === 0) {
      // Allowed only where the layout leaves nothing else to do: an emptied block sequence whose
      // first item cannot become `[]` in its place.
      assert.ok(format === 'yaml' && all && !layout.startsWith('flow'), `${where}: nothing removed`);
      refusedCount++;
      continue;
    }
    const normalized = normalizeEdits(edits);
    assert.ok(normalized, `${where}: the edits are apart`);
    const fixed = applyOffsetEdits(text, normalized);
    const back = readBack(format, fixed);
    assert.equal(back.errors, 0, `${where}\ngave\n${fixed}`);
    assert.deepEqual(
      back.list,
      list.values.filter((_, index) => !chosen.includes(index)),
      `${where}\ngave\n${fixed}`,
    );
    for (const comment of list.comments) assert.ok(fixed.includes(comment), `${where}: ${comment} kept in\n${fixed}`);
    assert.ok(fixed.includes('after'), where);
    made++;
  }
  return { made, refused: refusedCount };
}

export function removeElementsHolds(lists: number): void {
  test(`removeElements over ${lists} seeded lists: the list without exactly those items, comments kept, no syntax error`, () => {
    const { made, refused } = removalsHold(lists);
    assert.ok(made > lists * 0.5 && refused > 0, `${made} removals made, ${refused} refused`);
  });
}
