// The YAML one-tool shortcut against the full check: after every random edit of a YAML document
// both give the same diagnostics (the first 12 seeded edits per corpus here, all 800 in
// incrementalYaml.thorough.test.ts), and the shortcut is really taken often enough to be tested;
// where it may not be taken (an anchor an alias reads, a stream) it is not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocument, IncrementalDocument, type ChangeSpan } from '../../server/src/checker';
import { generateDocument } from '../../bench/generate';
import { yamlDifferentials, YAML } from './incrementalYamlDifferential';

interface Edit {
  text: string;
  change: ChangeSpan;
}

yamlDifferentials(12);

test('an edit inside a tool takes the shortcut; one in a tool whose anchor an alias reads, or in a stream, does not', () => {
  const text = generateDocument(41, 20_000, { format: 'yaml' });
  const at = text.indexOf('message: ') + 'message: '.length;
  const typed = (source: string, offset: number): Edit => ({
    text: source.slice(0, offset) + 'x' + source.slice(offset),
    change: { offset, length: 0, newLength: 1 },
  });
  const plain = new IncrementalDocument(text, YAML);
  const edit = typed(text, at);
  assert.deepEqual(plain.update(edit.text, edit.change).diagnostics, checkDocument(edit.text, YAML).diagnostics);
  assert.ok(plain.lastUpdateWasIncremental);

  // The first tool's requestedSchema is anchored and read by an alias at the end of the document.
  const anchored = text.replace('requestedSchema:', 'requestedSchema: &schema') + 'x-reuse: *schema\n';
  const inAnchor = typed(anchored, anchored.indexOf('type: object', anchored.indexOf('&schema')) + 'type: obj'.length);
  const aliasedDocument = new IncrementalDocument(anchored, YAML);
  assert.deepEqual(
    aliasedDocument.update(inAnchor.text, inAnchor.change).diagnostics,
    checkDocument(inAnchor.text, YAML).diagnostics,
  );
  assert.equal(aliasedDocument.lastUpdateWasIncremental, false);

  // An anchor and its alias inside one tool (as PyYAML writes a repeated object) read alone as in place.
  const firstTool = text.indexOf('\n', text.indexOf('tools:\n  - name: ') + 'tools:\n'.length) + 1;
  const withLocal = `${text.slice(0, firstTool)}    x-shared: &local {kind: shared}\n    x-again: *local\n${text.slice(firstTool)}`;
  const localDocument = new IncrementalDocument(withLocal, YAML);
  const inLocal = typed(withLocal, withLocal.indexOf('message: ') + 'message: '.length);
  assert.ok(inLocal.change.offset < withLocal.indexOf('\n  - name: ', firstTool), 'the edit is in the first tool');
  assert.deepEqual(localDocument.update(inLocal.text, inLocal.change).diagnostics, checkDocument(inLocal.text, YAML).diagnostics);
  assert.ok(localDocument.lastUpdateWasIncremental, 'an anchor only its own tool reads does not stop the shortcut');
  // The same anchor read after the tool: the edit could change that alias too.
  const readAfter = `${withLocal}x-later: *local\n`;
  const laterDocument = new IncrementalDocument(readAfter, YAML);
  const inTool = typed(readAfter, inLocal.change.offset);
  assert.deepEqual(laterDocument.update(inTool.text, inTool.change).diagnostics, checkDocument(inTool.text, YAML).diagnostics);
  assert.equal(laterDocument.lastUpdateWasIncremental, false);

  const stream = `${text}---\n${text}`;
  const inStream = typed(stream, at);
  const streamDocument = new IncrementalDocument(stream, YAML);
  assert.deepEqual(
    streamDocument.update(inStream.text, inStream.change).diagnostics,
    checkDocument(inStream.text, YAML).diagnostics,
  );
  assert.equal(streamDocument.lastUpdateWasIncremental, false);
});
