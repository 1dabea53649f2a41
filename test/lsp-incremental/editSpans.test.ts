// The server's record of where documents changed (server/src/lsp/editSpans.ts), fed to the
// checker's IncrementalDocument exactly as the open-document checks do: the spans it records and
// composes must make the one-tool shortcut possible for edits inside one tool, and the results
// must equal a full check of the same text, whether each notification is checked or several are.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkDocument, IncrementalDocument } from '../../server/src/checker';
import { EditSpans } from '../../server/src/lsp/editSpans';
import { editSession, multiToolDocument, type EditStep } from './editScript';

const URI = 'file:///edit-spans/doc.mcpdesc.json';

function replay(checkEvery: (index: number, step: EditStep) => boolean): Array<{ shortcut: boolean; expected: boolean }> {
  const spans = new EditSpans();
  const initial = multiToolDocument();
  let document: TextDocument = spans.documentsConfiguration.create(URI, 'json', 1, initial);
  const incremental = new IncrementalDocument(initial, {});
  const outcomes: Array<{ shortcut: boolean; expected: boolean }> = [];
  const session = editSession(initial);
  let pendingShortcut = true;
  let index = 0;
  for (let step = session.next(''); !step.done; index++) {
    document = spans.documentsConfiguration.update(document, step.value.notification, document.version + 1);
    pendingShortcut &&= step.value.shortcut;
    const text = document.getText();
    if (checkEvery(index, step.value)) {
      const result = incremental.update(text, spans.take(URI));
      assert.deepEqual(result.diagnostics, checkDocument(text).diagnostics, `after step ${index}`);
      outcomes.push({ shortcut: incremental.lastUpdateWasIncremental, expected: pendingShortcut });
      pendingShortcut = true;
    }
    step = session.next(text);
  }
  spans.take(URI);
  assert.equal(spans.take(URI), undefined, 'taking the span forgets it');
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
    const spans = new EditSpans();
    const document = spans.documentsConfiguration.create(URI, 'json', 1, 'abcdef');
    spans.documentsConfiguration.update(document, [{ range: { start: { line: 0, character: 4 }, end: { line: 0, character: 1 } }, text: 'XY' }], 2);
    assert.equal(document.getText(), 'aXYef');
    assert.deepEqual(spans.take(URI), { offset: 1, length: 3, newLength: 2 });
  });
});
