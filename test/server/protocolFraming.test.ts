// Broken framing on stdio (issue 15, item 10): a stream the server cannot frame any more is never
// waited on. The server says what was wrong on stderr and exits with code 1, so the client sees a
// crash and restarts it, instead of a live process that never answers again. Each broken framing is
// found by the server's FramingCheck after a working session's bytes (in this process); the built
// server is sent one of them after a working session (initialize answered), and random bytes before
// any message. protocolFraming.thorough.test.ts sends each of them to a built server of its own.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { FramingCheck } from '../../server/src/lsp/messageFraming';
import { BROKEN_FRAMINGS, brokenFramingEndsTheServer, seededBytes } from './brokenFraming';
import { frame, initializeRequest, RawServer } from './rawServer';

describe("broken framing, as the server's FramingCheck reads it after a working session", () => {
  for (const broken of BROKEN_FRAMINGS) {
    it(`${broken.name}: a framing error that says why`, () => {
      const check = new FramingCheck();
      assert.equal(check.push(frame(initializeRequest(1))), undefined);
      assert.equal(check.push(frame({ jsonrpc: '2.0', method: 'initialized', params: {} })), undefined);
      const error = check.push(broken.bytes);
      assert.match(String(error), broken.reason);
      assert.equal(check.error, error);
    });
  }

  it('random bytes before any message: a framing error', () => {
    assert.notEqual(new FramingCheck().push(seededBytes(512, 7)), undefined);
  });
});

describe('broken framing on stdio: the server says so and exits non-zero', () => {
  let server: RawServer | undefined;

  afterEach(async () => {
    await server?.kill();
    server = undefined;
  });

  it(`${BROKEN_FRAMINGS[0].name}: logged on stderr, exit code 1`, async () => {
    await brokenFramingEndsTheServer(BROKEN_FRAMINGS[0]);
  });

  it('random bytes before any message: logged, exit code 1', async () => {
    server = RawServer.start();
    server.write(seededBytes(512, 7));
    assert.deepEqual(await server.exited(), { code: 1, signal: null });
    assert.match(server.stderr, /framing/i);
  });

  it('well-framed messages split at every byte, or several in one write, with a Content-Type header, are all answered', async () => {
    server = RawServer.start();
    for (const byte of frame(initializeRequest(1))) server.write(Buffer.from([byte]));
    assert.ok((await server.response(1)).result);
    const withType = Buffer.from(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'textDocument/documentSymbol',
        params: { textDocument: { uri: 'file:///b.mcpdesc.json' } },
      }),
    );
    server.write(
      Buffer.concat([
        frame({ jsonrpc: '2.0', method: 'initialized', params: {} }),
        frame({
          jsonrpc: '2.0',
          id: 2,
          method: 'textDocument/hover',
          params: { textDocument: { uri: 'file:///a.mcpdesc.json' }, position: { line: 0, character: 0 } },
        }),
        Buffer.from(`content-length:${withType.length}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n`),
        withType,
      ]),
    );
    assert.equal((await server.response(2)).result, null);
    assert.equal((await server.response(3)).result, null);
    server.request(4, 'shutdown');
    await server.response(4);
    server.notify('exit');
    assert.deepEqual(await server.exited(), { code: 0, signal: null });
    assert.equal(server.stderr, '');
  });
});
