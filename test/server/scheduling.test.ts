// Coalescing: a burst of edits ends with diagnostics for the final text only, versions published
// never go backwards, and nothing for an older version arrives after the final one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import { rulePageInvalidFixture, summarize, RULE_PAGE_DIAGNOSTIC_COUNT } from './fixtures';
import { LspTestClient } from './lspClient';
import { elicitationOnly } from '../support/ruleScope';

const BURST = 20;

describe('scheduling of checks', () => {
  let client: LspTestClient;

  before(async () => {
    // The rule page fixture (partial), counted by the elicitation rule: its preset, here and below.
    client = await LspTestClient.start({ settings: elicitationOnly() });
  });

  after(async () => {
    await client.stop();
  });

  it(`a burst of ${BURST} edits: diagnostics for the final text only, no stale publish after it`, async () => {
    const uri = 'file:///mcpdesc-test/burst/burst.mcpdesc.json';
    const fixture = rulePageInvalidFixture();
    await client.open(uri, fixture.text);
    assert.equal((await client.diagnosticsFor(uri, 1)).length, RULE_PAGE_DIAGNOSTIC_COUNT);
    const openSequence = client.lastSequence;

    // Each edit rewrites the referenced declaration name; the last one names the form declaration
    // the tool has, so the url request gets a mode-mismatch instead of an unknown-declaration.
    const names = Array.from({ length: BURST - 1 }, (_, index) => `missing${index}`).concat('confirm');
    let current = 'missing';
    const sends: Array<Promise<number>> = [];
    for (const name of names) {
      const document = client.document(uri);
      const start = document.getText().indexOf(`"${current}"`);
      sends.push(
        client.applyEdits(uri, [
          {
            range: { start: document.positionAt(start + 1), end: document.positionAt(start + 1 + current.length) },
            newText: name,
          },
        ]),
      );
      current = name;
    }
    const versions = await Promise.all(sends);
    const finalVersion = versions[versions.length - 1];
    assert.equal(finalVersion, BURST + 1);

    const finalPublish = await client.waitForPublish(uri, (publish) => publish.version === finalVersion, openSequence);
    // Everything queued before the idle notification has run: no check can still be pending.
    await client.waitForIdle(finalPublish.sequence);

    const expected = summarize(checkDocument(client.text(uri), elicitationOnly()).diagnostics);
    assert.deepEqual(summarize(finalPublish.diagnostics), expected);
    assert.deepEqual(
      expected.map((diagnostic) => diagnostic.violation),
      ['mode-mismatch', 'unexpected-content', 'schema-mismatch', 'invalid-content'],
    );

    const burstPublishes = client.publishes.filter((publish) => publish.uri === uri && publish.sequence > openSequence);
    assert.equal(burstPublishes[burstPublishes.length - 1], finalPublish, 'nothing is published after the final version');
    const publishedVersions = burstPublishes.map((publish) => publish.version ?? -1);
    assert.deepEqual(
      publishedVersions,
      [...publishedVersions].sort((a, b) => a - b),
      'versions never go backwards',
    );
    assert.ok(
      burstPublishes.length < BURST,
      `the burst was coalesced (${burstPublishes.length} publishes for ${BURST} edits: versions ${publishedVersions.join(', ')})`,
    );
    await client.close(uri);
  });

  it('an edit made while other documents wait is still checked, and every document ends current', async () => {
    const fixture = rulePageInvalidFixture();
    const uris = Array.from({ length: 8 }, (_, index) => `file:///mcpdesc-test/many/doc-${index}.mcpdesc.json`);
    await Promise.all(uris.map((uri) => client.open(uri, fixture.text)));
    const edited = uris[3];
    const document = client.document(edited);
    const start = document.getText().indexOf('"missing"');
    const version = await client.applyEdits(edited, [
      {
        range: { start: document.positionAt(start), end: document.positionAt(start + '"missing"'.length) },
        newText: '"confirm"',
      },
    ]);
    const violations = (await client.diagnosticsFor(edited, version)).map(
      (diagnostic) => (diagnostic.data as { violation: string }).violation,
    );
    assert.deepEqual(violations, ['mode-mismatch', 'unexpected-content', 'schema-mismatch', 'invalid-content']);
    for (const uri of uris.filter((candidate) => candidate !== edited)) {
      assert.equal((await client.diagnosticsFor(uri, 1)).length, RULE_PAGE_DIAGNOSTIC_COUNT);
    }
    await Promise.all(uris.map((uri) => client.close(uri)));
  });
});
