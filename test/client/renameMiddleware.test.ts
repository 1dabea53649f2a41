// The client's rename middleware against the real server over stdio: the server's refusal reaches
// VS Code as a plain Error with the server's reason (which VS Code shows in the editor) and goes to
// the log as information, never through the library's error handling; a rename the server does
// returns the converted edit; a failure of any other kind still takes the library's path.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CancellationToken, Position, TextDocument, WorkspaceEdit } from 'vscode';
import { ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { REFUSAL_CODE, isRefusal, renameMiddleware, type RenameClient } from '../../client/src/renameMiddleware';
import { LspTestClient } from '../server/lspClient';

const TEXT = `{
  "mcpdesc": "0.8.0",
  "tools": [{
    "name": "t",
    "elicitations": [{ "name": "confirm", "mode": "url", "message": "m", "url": "https://x.example" }, { "name": "authorize", "mode": "url", "message": "m", "url": "https://x.example" }],
    "interactionExamples": { "e": { "steps": [{ "type": "elicitation", "declaration": "confirm", "request": { "mode": "url", "message": "m", "url": "https://x.example" }, "response": { "action": "accept" } }] } }
  }]
}
`;
const URI = 'file:///mcpdesc-test/client/rename.mcpdesc.json';
/** Inside the first "confirm" (the declaration's name). */
const ON_CONFIRM = { line: 4, character: TEXT.split('\n')[4].indexOf('"confirm"') + 2 };

/** The editor's objects are only handed through to the client's converters, which the fakes below are. */
const document = { uri: URI } as unknown as TextDocument;
const position = ON_CONFIRM as unknown as Position;
const token = { isCancellationRequested: false } as unknown as CancellationToken;
const next = (): never => {
  throw new Error('the middleware sends the request itself');
};

interface Recorded {
  info: string[];
  failed: Array<{ method: string; error: unknown }>;
}

/** A RenameClient whose requests go to `send`; converters are identities, the edit is tagged as converted. */
function clientSending(send: (method: string, params: unknown) => Promise<unknown>): {
  client: RenameClient;
  recorded: Recorded;
} {
  const recorded: Recorded = { info: [], failed: [] };
  const client: RenameClient = {
    sendRequest: <R>(method: string, params: unknown) => send(method, params) as Promise<R>,
    code2ProtocolConverter: {
      asTextDocumentIdentifier: (d) => ({ uri: (d as unknown as { uri: string }).uri }),
      asPosition: (p) => p as unknown as { line: number; character: number },
    },
    protocol2CodeConverter: {
      asWorkspaceEdit: async (edit) => ({ converted: edit }) as unknown as WorkspaceEdit,
    },
    handleFailedRequest: (type, _token, error) => {
      recorded.failed.push({ method: type.method, error });
      throw error;
    },
    info: (message) => recorded.info.push(message),
  };
  return { client, recorded };
}

describe('rename middleware', () => {
  let server: LspTestClient;

  before(async () => {
    // What the editor is answered, not where a check runs: open checks on the server's main thread.
    server = await LspTestClient.start({
      openChecksOnMainThread: true,
      capabilities: { textDocument: { rename: { prepareSupport: true } } },
    });
    await server.open(URI, TEXT);
  });

  after(async () => {
    assert.equal(await server.stop(), 0);
  });

  const rename = (client: RenameClient, newName: string): Promise<WorkspaceEdit | null | undefined> =>
    Promise.resolve(renameMiddleware(client).provideRenameEdits?.(document, position, newName, token, next));

  it('the refusal code is the one the protocol names RequestFailed', () => {
    assert.equal(REFUSAL_CODE, LSPErrorCodes.RequestFailed);
    assert.equal(isRefusal(new ResponseError(LSPErrorCodes.RequestFailed, 'no')), true);
    assert.equal(isRefusal(new ResponseError(ErrorCodes.InternalError, 'boom')), false);
    assert.equal(isRefusal(new ResponseError(LSPErrorCodes.RequestFailed, '')), false, 'a refusal without a reason is a failure');
  });

  it("the server's refusal: a plain Error with its reason, logged as information, not as a failed request", async () => {
    const { client, recorded } = clientSending((method, params) => server.request(method, params));
    await assert.rejects(rename(client, 'authorize'), (error: unknown) => {
      assert.ok(error instanceof Error);
      assert.equal(error instanceof ResponseError, false, 'VS Code gets a plain Error');
      assert.equal(error.message, "Tool 't' already declares an elicitation named 'authorize'; choose another name.");
      return true;
    });
    assert.deepEqual(recorded.failed, []);
    assert.deepEqual(recorded.info, [
      "Rename to 'authorize' refused: Tool 't' already declares an elicitation named 'authorize'; choose another name.",
    ]);
  });

  it("a rename the server does: the server's edit, converted", async () => {
    const { client, recorded } = clientSending((method, params) => server.request(method, params));
    const edit = (await rename(client, 'approve')) as unknown as {
      converted: { changes: Record<string, Array<{ newText: string }>> };
    };
    assert.deepEqual(Object.keys(edit.converted.changes), [URI]);
    assert.deepEqual(
      edit.converted.changes[URI].map((e) => e.newText),
      ['approve', 'approve'],
    );
    assert.deepEqual(recorded, { info: [], failed: [] });
  });

  it("any other failure takes the library's path (logged as a failed textDocument/rename)", async () => {
    const failure = new ResponseError(ErrorCodes.InternalError, 'Request textDocument/rename failed with message: boom');
    const { client, recorded } = clientSending(() => Promise.reject(failure));
    await assert.rejects(rename(client, 'approve'), (error: unknown) => error === failure);
    assert.deepEqual(recorded.failed, [{ method: 'textDocument/rename', error: failure }]);
    assert.deepEqual(recorded.info, []);
  });

  it('null from the server (not on a name): null, nothing converted', async () => {
    const { client } = clientSending(() => Promise.resolve(null));
    assert.equal(await rename(client, 'approve'), null);
  });
});
