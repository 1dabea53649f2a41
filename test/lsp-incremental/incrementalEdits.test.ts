// Issue 7 over LSP: a sequence of edits inside one tool of a multi-tool document, sent as
// incremental didChange notifications (some one by one, some in bursts the scheduler coalesces),
// gives for every published version exactly what a full check of that version's text gives, and
// the final diagnostics equal those of a fresh open of the final text.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import { LspTestClient } from '../server/lspClient';
import { editSession, multiToolDocument } from './editScript';
import { shippedDocsBaseUri } from '../../shared/src/shippedDocs';

/** The server links diagnostics to the rule pages it ships. */
const AS_THE_SERVER = { docsBaseUri: shippedDocsBaseUri() };

const URI = 'file:///mcpdesc-test/incremental/edited.mcpdesc.json';
const FRESH_URI = 'file:///mcpdesc-test/incremental/fresh.mcpdesc.json';

/** Diagnostics as they arrive over JSON (no undefined members). */
function overTheWire<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

describe('incremental re-check over LSP', () => {
  let client: LspTestClient;

  before(async () => {
    client = await LspTestClient.start();
  });

  after(async () => {
    await client.stop();
  });

  it('edits inside one tool: every published version matches a full check; the end matches a fresh open', async () => {
    const initial = multiToolDocument();
    assert.ok(checkDocument(initial).diagnostics.length > 0, 'the document has findings to keep track of');
    await client.open(URI, initial);
    await client.diagnosticsFor(URI, 1);
    const textOf = new Map<number, string>([[1, initial]]);

    const session = editSession(initial);
    let index = 0;
    for (let step = session.next(''); !step.done; index++) {
      const version = await client.change(URI, step.value.notification);
      textOf.set(version, client.text(URI));
      // Every fourth notification waits for its diagnostics; the others go out in a burst.
      if (index % 4 === 3) await client.diagnosticsFor(URI, version);
      step = session.next(client.text(URI));
    }
    const finalVersion = client.version(URI);
    const finalPublish = await client.waitForPublish(URI, (publish) => publish.version === finalVersion);
    await client.waitForIdle(finalPublish.sequence);

    const published = client.publishes.filter((publish) => publish.uri === URI);
    assert.ok(published.length >= 5, `published ${published.length} versions`);
    for (const publish of published) {
      const text = textOf.get(publish.version ?? -1);
      assert.ok(text !== undefined, `version ${publish.version} was sent`);
      assert.deepEqual(
        publish.diagnostics,
        overTheWire(checkDocument(text, AS_THE_SERVER).diagnostics),
        `version ${publish.version}`,
      );
    }

    await client.open(FRESH_URI, client.text(URI));
    assert.deepEqual(finalPublish.diagnostics, await client.diagnosticsFor(FRESH_URI, 1));
    await client.close(URI);
    await client.close(FRESH_URI);
  });

  it('quick-fixes offered after incremental edits apply to the current text', async () => {
    const initial = multiToolDocument();
    await client.open(URI, initial);
    await client.diagnosticsFor(URI, 1);
    const session = editSession(initial);
    // The edits inside one tool only (the first twelve notifications), each checked.
    let step = session.next('');
    for (let index = 0; index < 12 && !step.done; index++) {
      const version = await client.change(URI, step.value.notification);
      await client.diagnosticsFor(URI, version);
      step = session.next(client.text(URI));
    }
    const diagnostics = await client.diagnosticsFor(URI);
    const expected = checkDocument(client.text(URI), AS_THE_SERVER);
    assert.deepEqual(diagnostics, overTheWire(expected.diagnostics));
    for (const diagnostic of diagnostics) {
      const actions = await client.codeActions(URI, diagnostic.range, [diagnostic], ['quickfix']);
      const titles = actions.map((action) => action.title);
      assert.deepEqual(
        titles,
        expected.fixesFor(diagnostic).map((fix) => fix.title),
        diagnostic.message,
      );
    }
    await client.close(URI);
  });
});
