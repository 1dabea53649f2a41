// Broken framing on stdio (issue 15, item 10): a stream the server cannot frame any more is never
// waited on. The server says what was wrong on stderr and exits with code 1, so the client sees a
// crash and restarts it, instead of a live process that never answers again. Each case first has a
// working session (initialize answered), then sends the broken bytes.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { MAX_MESSAGE_BYTES } from '../../server/src/lsp/messageFraming';
import { frame, initializeRequest, RawServer } from './rawServer';

const BODY = Buffer.from(
  JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    method: 'textDocument/hover',
    params: { textDocument: { uri: 'file:///a.mcpdesc.json' }, position: { line: 0, character: 0 } },
  }),
);

/** Bytes from a fixed seed (a linear congruential generator), so a failure can be replayed. */
function seededBytes(count: number, seed: number): Buffer {
  const bytes = Buffer.alloc(count);
  let state = seed >>> 0;
  for (let index = 0; index < count; index++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

const BROKEN: Array<{ name: string; bytes: Buffer; reason: RegExp }> = [
  {
    name: 'a Content-Length shorter than the body',
    bytes: Buffer.concat([Buffer.from(`Content-Length: ${BODY.length - 7}\r\n\r\n`), BODY]),
    reason: /header/i,
  },
  {
    name: 'no Content-Length header',
    bytes: Buffer.concat([Buffer.from('Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n'), BODY]),
    reason: /no Content-Length/i,
  },
  {
    name: 'a non-numeric Content-Length',
    bytes: Buffer.concat([Buffer.from('Content-Length: twelve\r\n\r\n'), BODY]),
    reason: /Content-Length "twelve"/,
  },
  {
    name: 'a negative Content-Length',
    bytes: Buffer.concat([Buffer.from('Content-Length: -5\r\n\r\n'), BODY]),
    reason: /Content-Length "-5"/,
  },
  {
    name: 'headers ended by LF alone',
    bytes: Buffer.concat([Buffer.from(`Content-Length: ${BODY.length}\n\n`), BODY]),
    reason: /LF without CR/,
  },
  {
    name: 'random bytes',
    bytes: seededBytes(4096, 15),
    reason: /header/i,
  },
  {
    name: 'a Content-Length over the message size limit',
    bytes: Buffer.from(`Content-Length: ${MAX_MESSAGE_BYTES + 1}\r\n\r\n{"jsonrpc":"2.0"`),
    reason: /limit/,
  },
];

describe('broken framing on stdio: the server says so and exits non-zero', () => {
  let server: RawServer | undefined;

  afterEach(async () => {
    await server?.kill();
    server = undefined;
  });

  for (const broken of BROKEN) {
    it(`${broken.name}: logged on stderr, exit code 1`, async () => {
      server = RawServer.start();
      server.send(initializeRequest(1));
      assert.ok((await server.response(1)).result, 'initialize is answered before the broken bytes');
      server.notify('initialized', {});
      server.write(broken.bytes);
      const exit = await server.exited();
      assert.deepEqual(exit, { code: 1, signal: null });
      assert.match(server.stderr, /framing/i);
      assert.match(server.stderr, broken.reason);
    });
  }

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
