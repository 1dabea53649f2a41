// The LSP lifecycle and request parameters (issue 15, item 13), with the built server over stdio:
// requests before initialize are refused with ServerNotInitialized (-32002) and notifications then
// dropped; a second initialize is an InvalidRequest (-32600), and so is every request after
// shutdown; a request whose params are not what its method takes is InvalidParams (-32602) with a
// message saying which member is wrong, never an internal error carrying a TypeError's text.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { ResponseMessage } from 'vscode-languageserver-protocol';
import { initializeRequest, RawServer } from './rawServer';

/**
 * The protocol is what these tests are about, not where a check runs: open documents are checked on
 * the server's main thread, without the two document workers that cost a start as much CPU again
 * (see openChecksOnMainThread in lspClient.ts).
 */
const OPEN_CHECKS_ON_MAIN_THREAD = { MCPDESC_DOCUMENT_WORKERS: '0' };

const SERVER_NOT_INITIALIZED = -32002;
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;

const URI = 'file:///mcpdesc-test/protocol-lifecycle/doc.mcpdesc.json';
const TEXT = JSON.stringify(
  {
    mcpdesc: '0.8.0',
    tools: [
      {
        name: 'deploy',
        elicitations: [
          {
            name: 'confirm',
            mode: 'form',
            message: 'Go?',
            requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
          },
        ],
      },
    ],
  },
  null,
  2,
);
const AT = { textDocument: { uri: URI }, position: { line: 4, character: 16 } };
const RANGE = { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } };

function errorOf(response: ResponseMessage): { code: number; message: string } {
  assert.ok(response.error, `an error response, got ${JSON.stringify(response)}`);
  return response.error;
}

describe('the LSP lifecycle and request params', () => {
  let server: RawServer | undefined;

  afterEach(async () => {
    await server?.kill();
    server = undefined;
  });

  /** A server past initialize/initialized with URI open. */
  async function started(): Promise<RawServer> {
    const running = RawServer.start(OPEN_CHECKS_ON_MAIN_THREAD);
    running.send(initializeRequest(1));
    assert.ok((await running.response(1)).result);
    running.notify('initialized', {});
    running.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'json', version: 1, text: TEXT } });
    return running;
  }

  // The two cases about requests before initialize share one server, in this order: refused requests,
  // then the initialize without capabilities, then the good one (accepted after both).
  describe('a server not yet initialized', () => {
    let fresh: RawServer;

    before(() => {
      fresh = RawServer.start(OPEN_CHECKS_ON_MAIN_THREAD);
    });

    after(async () => {
      await fresh.kill();
    });

    it('requests before initialize are refused with ServerNotInitialized, whatever their method', async () => {
      fresh.request(1, 'textDocument/hover', AT);
      fresh.request(2, 'workspace/executeCommand', { command: 'mcpdesc.server.checkWorkspace' });
      fresh.request('three', 'no/suchMethod', {});
      for (const id of [1, 2, 'three']) {
        const error = errorOf(await fresh.response(id));
        assert.equal(error.code, SERVER_NOT_INITIALIZED, `request ${id}`);
        assert.match(error.message, /initialize/);
      }
    });

    it('an initialize without capabilities is InvalidParams, and a good initialize afterwards is accepted', async () => {
      fresh.request(4, 'initialize', { processId: null, rootUri: null });
      const error = errorOf(await fresh.response(4));
      assert.equal(error.code, INVALID_PARAMS);
      assert.match(error.message, /capabilities/);
      fresh.send(initializeRequest(5));
      assert.ok((await fresh.response(5)).result, 'initialize is accepted after refused requests and a refused initialize');
    });
  });

  it('notifications before initialize are dropped: a document opened then is not open afterwards', async () => {
    server = RawServer.start(OPEN_CHECKS_ON_MAIN_THREAD);
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'json', version: 1, text: TEXT } });
    server.send(initializeRequest(1));
    await server.response(1);
    server.notify('initialized', {});
    server.request(2, 'textDocument/documentSymbol', { textDocument: { uri: URI } });
    assert.equal((await server.response(2)).result, null);
    // Opened now, the same document has symbols: the null above is the drop, not the document.
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'json', version: 1, text: TEXT } });
    server.request(3, 'textDocument/documentSymbol', { textDocument: { uri: URI } });
    assert.ok(Array.isArray((await server.response(3)).result));
  });

  const BAD_PARAMS: Array<{ method: string; params: unknown; names: RegExp }> = [
    { method: 'textDocument/hover', params: { textDocument: { uri: URI } }, names: /position/ },
    {
      method: 'textDocument/hover',
      params: { textDocument: { uri: URI }, position: { line: -1, character: 0 } },
      names: /position/,
    },
    { method: 'textDocument/definition', params: { textDocument: 5, position: AT.position }, names: /textDocument/ },
    { method: 'textDocument/references', params: AT, names: /context/ },
    { method: 'textDocument/rename', params: AT, names: /newName/ },
    { method: 'textDocument/prepareRename', params: { textDocument: {}, position: AT.position }, names: /textDocument/ },
    { method: 'textDocument/completion', params: { ...AT, position: { line: '4', character: 16 } }, names: /position/ },
    { method: 'textDocument/documentSymbol', params: null, names: /params/ },
    { method: 'textDocument/codeAction', params: null, names: /params/ },
    { method: 'textDocument/codeAction', params: { textDocument: { uri: URI }, range: RANGE }, names: /context/ },
    {
      method: 'textDocument/codeAction',
      params: { textDocument: { uri: URI }, range: RANGE, context: { diagnostics: [{ message: 'x' }] } },
      names: /context/,
    },
    {
      method: 'textDocument/codeAction',
      params: { textDocument: { uri: URI }, range: { start: RANGE.start }, context: { diagnostics: [] } },
      names: /range/,
    },
    { method: 'workspace/executeCommand', params: {}, names: /command/ },
    { method: 'workspace/executeCommand', params: { command: 'mcpdesc.server.nonsense' }, names: /mcpdesc\.server\.nonsense/ },
    { method: 'workspace/executeCommand', params: { command: 'mcpdesc.server.fixAll', arguments: [42] }, names: /URI/ },
  ];

  // The cases that keep a session going share one (each request has an id of its own).
  describe('an initialized session', () => {
    let session: RawServer;

    before(async () => {
      session = await started();
    });

    after(async () => {
      await session.kill();
    });

    it('a second initialize is an InvalidRequest; the session goes on', async () => {
      session.send(initializeRequest(2));
      const error = errorOf(await session.response(2));
      assert.equal(error.code, INVALID_REQUEST);
      assert.match(error.message, /initialize/);
      session.request(3, 'textDocument/documentSymbol', { textDocument: { uri: URI } });
      assert.ok(Array.isArray((await session.response(3)).result));
    });

    it('params a request does not take are InvalidParams naming the member, never an internal TypeError; the server then still answers', async () => {
      let id = 100;
      for (const bad of BAD_PARAMS) {
        session.request(++id, bad.method, bad.params);
        const error = errorOf(await session.response(id));
        const what = `${bad.method} ${JSON.stringify(bad.params)}: ${error.message}`;
        assert.equal(error.code, INVALID_PARAMS, what);
        assert.match(error.message, bad.names, what);
        assert.doesNotMatch(error.message, /TypeError|Cannot read|undefined/, what);
      }
      session.request(++id, 'textDocument/documentSymbol', { textDocument: { uri: URI } });
      assert.ok(Array.isArray((await session.response(id)).result));
    });
    // Last: it ends the session.
    it('requests after shutdown, a second shutdown among them, are InvalidRequests; exit then ends the process with code 0', async () => {
      session.request(1002, 'shutdown');
      assert.equal((await session.response(1002)).result, null);
      session.request(1003, 'textDocument/documentSymbol', { textDocument: { uri: URI } });
      session.request(1004, 'shutdown');
      session.request(1005, 'no/suchMethod');
      for (const id of [1003, 1004, 1005]) {
        const error = errorOf(await session.response(id));
        assert.equal(error.code, INVALID_REQUEST, `request ${id}`);
        assert.match(error.message, /shut/);
      }
      session.notify('exit');
      assert.deepEqual(await session.exited(), { code: 0, signal: null });
    });
  });
});
