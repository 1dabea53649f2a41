// Each open document's record of where it changed (OpenDocument, server/src/lsp/openDocument.ts), fed
// to the checker's IncrementalDocument exactly as its own check does: the spans it records and
// composes must make the one-tool shortcut possible for edits inside one tool, and the results
// must equal a full check of the same text, whether each notification is checked or several are.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changeBetween, checkDocument, IncrementalDocument } from '../../server/src/checker';
import { spanBetween } from '../support/changeSpans';
import { SeededRandom } from '../support/random';
import { openDocumentsConfiguration, type OpenDocument } from '../../server/src/lsp/openDocument';
import { editSession, multiToolDocument, type EditStep } from './editScript';

const URI = 'file:///edit-spans/doc.mcpdesc.json';

function replay(checkEvery: (index: number, step: EditStep) => boolean): Array<{ shortcut: boolean; expected: boolean }> {
  const documents = openDocumentsConfiguration(() => undefined);
  const initial = multiToolDocument();
  let document: OpenDocument = documents.create(URI, 'json', 1, initial);
  const incremental = new IncrementalDocument(initial, {});
  const outcomes: Array<{ shortcut: boolean; expected: boolean }> = [];
  const session = editSession(initial);
  let pendingShortcut = true;
  let index = 0;
  for (let step = session.next(''); !step.done; index++) {
    document = documents.update(document, step.value.notification, document.version + 1);
    pendingShortcut &&= step.value.shortcut;
    const text = document.getText();
    if (checkEvery(index, step.value)) {
      const result = incremental.update(text, document.takeChanges());
      assert.deepEqual(result.diagnostics, checkDocument(text).diagnostics, `after step ${index}`);
      outcomes.push({ shortcut: incremental.lastUpdateWasIncremental, expected: pendingShortcut });
      pendingShortcut = true;
    }
    step = session.next(text);
  }
  document.takeChanges();
  assert.equal(document.changedSinceCheck, false);
  assert.equal(document.takeChanges(), undefined, 'taking the span forgets it');
  return outcomes;
}

describe('edit spans recorded from LSP content changes', () => {
  it('every notification checked: the shortcut is taken exactly for the edits inside one tool', () => {
    const outcomes = replay(() => true);
    assert.ok(outcomes.length >= 15);
    assert.deepEqual(
      outcomes.map((outcome) => outcome.shortcut),
      outcomes.map((outcome) => outcome.expected),
    );
    assert.ok(outcomes.filter((outcome) => outcome.shortcut).length >= 12);
  });

  it('bursts composed into one span (as the scheduler coalesces them) still take the shortcut', () => {
    // Check after every third notification (the last one included): each check sees the composition of up to three changes.
    const outcomes = replay((index) => index % 3 === 1);
    assert.ok(outcomes.length >= 5);
    // A burst that only ever touched one tool takes the shortcut (one whose middle text was broken
    // may too: the broken text was never checked); one that left the tool never does.
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.expected) assert.equal(outcome.shortcut, true, `check ${index}`);
    }
    assert.equal(outcomes[outcomes.length - 1].shortcut, false, 'the last burst edits outside the tools');
    assert.ok(outcomes.filter((outcome) => outcome.shortcut).length >= 4);
  });

  it('records a reversed range as TextDocument applies it (start first)', () => {
    const documents = openDocumentsConfiguration(() => undefined);
    const document = documents.create(URI, 'json', 1, 'abcdef');
    documents.update(document, [{ range: { start: { line: 0, character: 4 }, end: { line: 0, character: 1 } }, text: 'XY' }], 2);
    assert.equal(document.getText(), 'aXYef');
    assert.equal(document.changedSinceCheck, true);
    assert.deepEqual(document.takeChanges(), { offset: 1, length: 3, newLength: 2 });
  });

  it('a didOpen again without a didClose keeps the document and forgets its pending edits', () => {
    const opened: OpenDocument[] = [];
    const documents = openDocumentsConfiguration(() => opened[0]);
    const open = documents.create(URI, 'json', 1, 'abcdef');
    opened.push(open);
    documents.update(open, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, text: 'Z' }], 2);
    assert.equal(documents.create(URI, 'jsonc', 1, 'other'), open);
    assert.deepEqual([open.getText(), open.languageId, open.version, open.takeChanges()], ['other', 'jsonc', 1, undefined]);
  });

  it('rejects a notification with a malformed change whole, and says so', () => {
    const errors: string[] = [];
    const documents = openDocumentsConfiguration(
      () => undefined,
      (message) => errors.push(message),
    );
    const document = documents.create(URI, 'json', 1, 'abcdef');
    const good = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, text: 'Z' };
    documents.update(document, [good, { text: 3 } as unknown as typeof good], 2);
    assert.deepEqual([document.getText(), document.version, document.takeChanges()], ['abcdef', 1, undefined]);
    assert.match(errors.join('\n'), /Rejected a didChange of .* content change 2 of 2 has no string `text`/);
  });
});

describe('the span of a whole-text replacement (changeBetween)', () => {
  it('equals the character-by-character comparison, across block boundaries and at both ends', () => {
    const random = new SeededRandom(19);
    const base = multiToolDocument().repeat(3);
    for (let trial = 0; trial < 300; trial++) {
      // Edits near a multiple of the block size, at the very start and end, and anywhere.
      const where = trial % 4;
      const offset =
        where === 0
          ? Math.min(base.length, 4096 * (1 + random.below(4)) + random.below(5) - 2)
          : where === 1
            ? random.below(3)
            : where === 2
              ? base.length - random.below(3)
              : random.below(base.length + 1);
      const removed = Math.min(base.length - offset, random.below(trial % 5 === 0 ? 9000 : 6));
      const inserted = 'xyz{}"'.slice(0, random.below(7)).repeat(1 + random.below(trial % 7 === 0 ? 900 : 2));
      const after = base.slice(0, offset) + inserted + base.slice(offset + removed);
      assert.deepEqual(changeBetween(base, after), spanBetween(base, after), `trial ${trial}`);
    }
    assert.deepEqual(changeBetween(base, base), { offset: base.length, length: 0, newLength: 0 });
    assert.deepEqual(changeBetween('', 'abc'), { offset: 0, length: 0, newLength: 3 });
  });

  it('a whole-text replacement that changes one tool is recorded as that change alone', () => {
    const documents = openDocumentsConfiguration(() => undefined);
    const initial = multiToolDocument();
    const document = documents.create(URI, 'json', 1, initial);
    const at = initial.indexOf('"description": "', initial.indexOf('"tools"')) + '"description": "'.length;
    documents.update(document, [{ text: initial.slice(0, at) + 'Q' + initial.slice(at + 1) }], 2);
    assert.deepEqual(document.takeChanges(), { offset: at, length: 1, newLength: 1 });
  });
});
