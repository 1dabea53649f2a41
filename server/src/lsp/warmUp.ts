// The first keystroke of a session used to run code nothing had run before: opening a document
// checks it whole, but the re-check of one edited tool (re-parse the tool, shift what follows,
// check that tool) first ran on that keystroke, compiled on the spot: 10 ms instead of 3 for a
// 20 KB document, more while the workspace scan keeps the other core busy. Running that path once
// on a small built-in document, JSON and YAML, as soon as the server is initialized makes the
// user's first keystroke as quick as the ones after it. A few milliseconds, once per process.
import { stringify } from 'yaml';
import { IncrementalDocument } from '../checker';

function sampleTool(name: string): object {
  // A function, not one object: YAML would write a shared object once, with an anchor and an alias.
  const requestedSchema = (): object => ({ type: 'object', properties: { ok: { type: 'boolean' } } });
  return {
    name,
    inputSchema: { type: 'object' },
    elicitations: [{ name: 'confirm', mode: 'form', message: 'Proceed?', requestedSchema: requestedSchema() }],
    interactionExamples: {
      confirmed: {
        steps: [{ type: 'elicitation', declaration: 'confirm', request: { mode: 'form', message: 'Proceed?', requestedSchema: requestedSchema() }, response: { action: 'accept', content: { ok: true } } }],
      },
    },
  };
}

const SAMPLE = { mcpdesc: '0.8.0', info: { name: 'warm-up', version: '1.0.0' }, tools: [sampleTool('first'), sampleTool('second')] };
const NEEDLE = { json: '"action": "accept', yaml: 'action: accept' };

/** What the warm-up ran, per format: whether both updates took the one-tool path, and the diagnostics after each. */
export interface WarmUpRun {
  format: 'json' | 'yaml';
  oneToolPath: boolean;
  diagnostics: [number, number, number];
}

/** One edit inside the last tool (accept → acceptx, and back) of the sample, in each format. */
export function warmUpEditPath(): WarmUpRun[] {
  const runs: WarmUpRun[] = [];
  for (const format of ['json', 'yaml'] as const) {
    const text = format === 'json' ? JSON.stringify(SAMPLE, null, 2) : stringify(SAMPLE);
    const offset = text.lastIndexOf(NEEDLE[format]) + NEEDLE[format].length;
    const edited = `${text.slice(0, offset)}x${text.slice(offset)}`;
    const document = new IncrementalDocument(text, { format });
    const before = document.result.diagnostics.length;
    const broken = document.update(edited, { offset, length: 0, newLength: 1 }).diagnostics.length;
    let oneToolPath = document.lastUpdateWasIncremental;
    const fixed = document.update(text, { offset, length: 1, newLength: 0 }).diagnostics.length;
    oneToolPath &&= document.lastUpdateWasIncremental;
    runs.push({ format, oneToolPath, diagnostics: [before, broken, fixed] });
  }
  return runs;
}
