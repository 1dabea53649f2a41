// The whole-document rules' one-tool shortcut held to a full check over seeded edits of generated
// documents, JSON and YAML: written once as a function of the number of documents and of edits per
// document, so that documentRules.test.ts runs the first document's first 20 edits and
// documentRules.thorough.test.ts all three documents' 60, the same sequence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocument, IncrementalDocument, type CheckOptions } from '../../server/src/checker';
import { DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID } from '../../shared/src/rules';
import { generateDocument } from '../../bench/generate';
import { SeededRandom } from '../support/random';

const ON: CheckOptions = { rules: { [DOCUMENT_SCHEMA_RULE_ID]: 'error', [DOCUMENT_SEMANTICS_RULE_ID]: 'error' } };

const EDITS = {
  json: {
    toggles: [
      ['"form"', '"url"'],
      ['"url"', '"form"'],
      ['"roots"', '"rots"'],
      ['"name"', '"nam"'],
      ['"type"', '"typ"'],
      ['"2025-11-25"', '"2025-06-18"'],
    ],
    valueStart: '": "',
    after: 4,
  },
  yaml: {
    toggles: [
      ['mode: form', 'mode: url'],
      ['mode: url', 'mode: form'],
      ['type: roots', 'type: rots'],
      ['name: ', 'nam: '],
      ['  type: ', '  typ: '],
      ['message: ', 'message: x'],
    ],
    valueStart: 'description: ',
    after: 13,
  },
} as const;

export function oneToolEditsAgree(documents: number, editsPerDocument: number): void {
  for (const format of ['json', 'yaml'] as const) oneToolEditsAgreeIn(format, documents, editsPerDocument);
}

function oneToolEditsAgreeIn(format: 'json' | 'yaml', documents: number, editsPerDocument: number): void {
  test(`${format}: an edit inside one tool re-checks that tool alone, and agrees with a full check (${documents} × ${editsPerDocument} edits)`, () => {
    const random = new SeededRandom(20261202);
    const { toggles, valueStart, after } = EDITS[format];
    const options: CheckOptions = { ...ON, format };
    let shortcuts = 0;
    let edits = 0;
    for (let documentIndex = 0; documentIndex < documents; documentIndex++) {
      let text = generateDocument(900 + documentIndex, 40_000, { format });
      const incremental = new IncrementalDocument(text, options);
      for (let step = 0; step < editsPerDocument; step++, edits++) {
        const at = Math.floor(random.next() * text.length);
        const [from, to] = toggles[Math.floor(random.next() * toggles.length)];
        let offset = text.indexOf(from, at);
        let next: { text: string; change: { offset: number; length: number; newLength: number } };
        if (offset >= 0 && random.next() < 0.6) {
          next = {
            text: text.slice(0, offset) + to + text.slice(offset + from.length),
            change: { offset, length: from.length, newLength: to.length },
          };
        } else {
          // Typing at the start of a string value (in JSON never after a closing quote: that would be a syntax error).
          const value = text.indexOf(valueStart, at);
          offset = value < 0 ? text.indexOf(valueStart) + after : value + after;
          next = { text: text.slice(0, offset) + 'x' + text.slice(offset), change: { offset, length: 0, newLength: 1 } };
        }
        const result = incremental.update(next.text, next.change);
        if (incremental.lastUpdateWasIncremental) shortcuts++;
        assert.deepEqual(
          result.diagnostics,
          checkDocument(next.text, options).diagnostics,
          `edit ${edits} ${JSON.stringify(next.change)}`,
        );
        text = next.text;
      }
    }
    assert.ok(shortcuts > edits / 3, `the shortcut was taken ${shortcuts} times of ${edits}`);
  });
}
