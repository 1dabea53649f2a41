// A scripted editing session inside one tool of a generated multi-tool document, as LSP content
// changes: typing and deleting character by character, a notification carrying several changes,
// a bracket broken and fixed, and whole-text replacements inside and outside it. Shared by the LSP test and the unit test
// of the span recording, so both replay exactly the same edits.
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { generateDocument } from '../../bench/generate';

/** A generated document (seeded, so every run is the same) with several tools and a few violations. */
export function multiToolDocument(): string {
  return generateDocument(15, 12_000);
}

/** One didChange notification's content changes, computed against the text before it. */
export type Notification = TextDocumentContentChangeEvent[];

function offsetOfIn(text: string, needle: string, from: number): number {
  const at = text.indexOf(needle, from);
  if (at < 0) throw new Error(`the generated document has no ${needle} after offset ${from}`);
  return at;
}

function rangeAt(
  document: TextDocument,
  offset: number,
  length: number,
): { start: { line: number; character: number }; end: { line: number; character: number } } {
  return { start: document.positionAt(offset), end: document.positionAt(offset + length) };
}

export interface EditStep {
  notification: Notification;
  /** Whether the incremental check can take its one-tool shortcut for this step. */
  shortcut: boolean;
}

/**
 * The notifications of the session, each built from the text the previous ones produced (the
 * caller applies them in order). All edits stay inside the third tool except the last two.
 */
export function* editSession(initial: string): Generator<EditStep, void, string> {
  let text = initial;
  const toolsAt = offsetOfIn(text, '"tools"', 0);
  let toolAt = toolsAt;
  for (let tool = 0; tool < 3; tool++) toolAt = offsetOfIn(text, '"name"', toolAt + 1);
  const document = (): TextDocument => TextDocument.create('untitled:edit', 'json', 1, text);

  // Retype the tool's description character by character: delete five, type five.
  const descriptionAt = offsetOfIn(text, '"description": "', toolAt) + '"description": "'.length;
  for (let step = 0; step < 5; step++) {
    text = yield { notification: [{ range: rangeAt(document(), descriptionAt, 1), text: '' }], shortcut: true };
  }
  for (const typed of ['W', 'o', 'r', 'k', 's']) {
    const at = descriptionAt + text.slice(descriptionAt).indexOf('"');
    text = yield { notification: [{ range: rangeAt(document(), at, 0), text: typed }], shortcut: true };
  }

  // Flip an elicitation response's action back and forth ("accept" <-> "decline"): changes findings.
  const actionAt = offsetOfIn(text, '"action": "', toolAt) + '"action": "'.length;
  const actionLength = text.indexOf('"', actionAt) - actionAt;
  const original = text.slice(actionAt, actionAt + actionLength);
  const flipped = original === 'decline' ? 'accept' : 'decline';
  text = yield { notification: [{ range: rangeAt(document(), actionAt, actionLength), text: flipped }], shortcut: true };

  // Two changes in one notification, both inside the tool (the later one first, as editors send them).
  {
    const doc = document();
    const second = offsetOfIn(text, '"type": "', actionAt) + '"type": "'.length;
    text = yield {
      notification: [
        { range: rangeAt(doc, second, 0), text: 'x' },
        { range: rangeAt(doc, actionAt, flipped.length), text: original },
      ],
      shortcut: true,
    };
    const typeAt = offsetOfIn(text, '"type": "x', actionAt) + '"type": "'.length;
    text = yield { notification: [{ range: rangeAt(document(), typeAt, 1), text: '' }], shortcut: true };
  }

  // Break a bracket inside the tool and fix it again: the broken text, and the first text after it,
  // are checked whole (a syntax error makes the shortcut unsafe).
  const bracketAt = offsetOfIn(text, '{', descriptionAt);
  text = yield { notification: [{ range: rangeAt(document(), bracketAt, 1), text: '' }], shortcut: false };
  text = yield { notification: [{ range: rangeAt(document(), bracketAt, 0), text: '{' }], shortcut: false };

  // A whole-text replacement (no range), as an undo or a client without incremental sync sends:
  // the server finds what changed by comparing the texts, so inside the tool it is the shortcut.
  const undoneAt = descriptionAt + text.slice(descriptionAt).indexOf('"');
  text = yield { notification: [{ text: text.slice(0, undoneAt - 1) + text.slice(undoneAt) }], shortcut: true };

  // Outside any tool: the document's info, then a whole-text replacement that changes it back.
  const infoAt = offsetOfIn(text, '"version": "', 0) + '"version": "'.length;
  text = yield { notification: [{ range: rangeAt(document(), infoAt, 0), text: '9' }], shortcut: false };
  yield { notification: [{ text: text.slice(0, infoAt) + text.slice(infoAt + 1) }], shortcut: false };
}
