// The server's workspace scan recognizes a document by its root key as unescaped: a `.json` file
// whose root member is `"\u006dcpdesc"` and a `.yaml` file whose root key is `"\x6Dcpdesc"` are
// checked without being opened; the same escape one level down, or behind an escaped backslash, is
// not an mcpdesc document and gets nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import { summarize } from '../server/fixtures';
import { LspTestClient } from '../server/lspClient';
import { TempWorkspace } from './tempWorkspace';

const ESCAPED_JSON = '{ "\\u006dcpdesc": "0.8.0", "tools": [ 1 2 ] }\n';
const ESCAPED_YAML = '"\\x6Dcpdesc": 0.8.0\ntools: [1, 2\n';

describe('workspace scan: escaped root keys', () => {
  const workspace = new TempWorkspace();
  const folder = workspace.folder('specs');
  let client: LspTestClient;

  before(async () => {
    workspace.write('specs/escaped.json', ESCAPED_JSON);
    workspace.write('specs/escaped.yaml', ESCAPED_YAML);
    workspace.write('specs/nested.json', '{ "info": { "\\u006dcpdesc": "0.8.0" }, "tools": [ 1 2 ] }\n');
    workspace.write('specs/backslash.json', '{ "\\\\u006dcpdesc": "0.8.0", "tools": [ 1 2 ] }\n');
    // What the scan publishes is tested, not where its checks run: everything on the server's main
    // thread (MCPDESC_CHECK_WORKERS=0), without a check worker or document workers to start.
    client = await LspTestClient.start({ env: { MCPDESC_CHECK_WORKERS: '0' }, workspaceFolders: [folder] });
  });

  after(async () => {
    await client.stop();
    workspace.dispose();
  });

  it('checks the two escaped documents, and not the others', async () => {
    const json = await client.waitForPublish(workspace.uri('specs/escaped.json'));
    assert.deepEqual(summarize(json.diagnostics), summarize(checkDocument(ESCAPED_JSON).diagnostics));
    assert.ok(json.diagnostics.length > 0);
    const yaml = await client.waitForPublish(workspace.uri('specs/escaped.yaml'));
    assert.deepEqual(summarize(yaml.diagnostics), summarize(checkDocument(ESCAPED_YAML, { format: 'yaml' }).diagnostics));
    assert.ok(yaml.diagnostics.length > 0);

    await client.waitFor('an idle status counting 2 documents', () =>
      client.statuses.find((status) => !status.status.checking && status.status.documents === 2),
    );
    for (const name of ['nested.json', 'backslash.json']) {
      const uri = workspace.uri(`specs/${name}`);
      assert.deepEqual(
        client.publishes.filter((publish) => publish.uri === uri),
        [],
        `${name} is not an mcpdesc document`,
      );
    }
  });
});
