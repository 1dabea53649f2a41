// The first keystroke of a session used to run code nothing had run before: opening a document
// checks it whole, but the re-check of one edited tool (re-parse the tool, shift what follows,
// check that tool) first ran on that keystroke, compiled on the spot: 10 ms instead of 3 for a
// 20 KB document, more while the workspace scan keeps the other core busy. Running that path once
// on a small built-in document, JSON and YAML, as soon as the server is initialized (or a document
// worker started) makes the user's first keystroke as quick as the ones after it (the edit is
// applied as a didChange is, so that path is warm too). A few milliseconds, once per thread.
import { stringify } from 'yaml';
import { IncrementalDocument } from '../checker';
import type { RuleSeverity } from '../../../shared/src/settings';
import { openDocumentsConfiguration } from './openDocument';

function sampleTool(name: string): object {
  // A function, not one object: YAML would write a shared object once, with an anchor and an alias.
  const requestedSchema = (): object => ({ type: 'object', properties: { ok: { type: 'boolean' } } });
  return {
    name,
    inputSchema: { type: 'object' },
    elicitations: [{ name: 'confirm', mode: 'form', message: 'Proceed?', requestedSchema: requestedSchema() }],
    interactionExamples: {
      confirmed: {
        input: {},
        result: { content: [{ type: 'text', text: 'done' }] },
        steps: [
          {
            type: 'elicitation',
            declaration: 'confirm',
            request: { mode: 'form', message: 'Proceed?', requestedSchema: requestedSchema() },
            response: { action: 'accept', content: { ok: true } },
          },
        ],
      },
    },
  };
}

// A complete document (the whole-document rules are on by default): the edit toggles one diagnostic.
const SAMPLE = {
  mcpdesc: '0.8.0',
  protocolVersions: ['2025-11-25'],
  info: { name: 'warm-up', version: '1.0.0' },
  tools: [sampleTool('first'), sampleTool('second')],
};
const NEEDLE = { json: '"action": "accept', yaml: 'action: accept' };

/** What the warm-up ran, per format: whether both updates took the one-tool path, and the diagnostics after each. */
export interface WarmUpRun {
  format: 'json' | 'yaml';
  oneToolPath: boolean;
  diagnostics: [number, number, number];
}

/**
 * One edit inside the last tool (accept → acceptx, and back) of the sample, in each format, applied
 * as a didChange is (the open documents' configuration records its span) and re-checked with it.
 */
export function warmUpEditPath(rules: Record<string, RuleSeverity> = {}): WarmUpRun[] {
  const runs: WarmUpRun[] = [];
  const { create, update } = openDocumentsConfiguration(() => undefined);
  for (const format of ['json', 'yaml'] as const) {
    const uri = `untitled:warm-up.mcpdesc.${format}`;
    const text = format === 'json' ? JSON.stringify(SAMPLE, null, 2) : stringify(SAMPLE);
    const textDocument = create(uri, format, 1, text);
    const at = textDocument.positionAt(text.lastIndexOf(NEEDLE[format]) + NEEDLE[format].length);
    const after = { line: at.line, character: at.character + 1 };
    // With the rules the documents are checked with: the whole-document rules' schema, once turned
    // on, costs a second or more to compile, which a worker then pays here and not in a user's check.
    const document = new IncrementalDocument(text, { format, rules });
    const before = document.result.diagnostics.length;
    update(textDocument, [{ range: { start: at, end: at }, text: 'x' }], 2);
    const broken = document.update(textDocument.getText(), textDocument.takeChanges()).diagnostics.length;
    let oneToolPath = document.lastUpdateWasIncremental;
    update(textDocument, [{ range: { start: at, end: after }, text: '' }], 3);
    const fixed = document.update(textDocument.getText(), textDocument.takeChanges()).diagnostics.length;
    oneToolPath &&= document.lastUpdateWasIncremental && textDocument.getText() === text;
    runs.push({ format, oneToolPath, diagnostics: [before, broken, fixed] });
  }
  return runs;
}
