// Broken framings of the LSP base protocol, each with what the server's message about it says:
// checked on FramingCheck in the test process (protocolFraming.test.ts) and sent to the built server,
// one process each (protocolFraming.thorough.test.ts; the fast tier sends one of them).
import assert from 'node:assert/strict';
import { MAX_MESSAGE_BYTES } from '../../server/src/lsp/messageFraming';
import { initializeRequest, RawServer } from './rawServer';

const BODY = Buffer.from(
  JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    method: 'textDocument/hover',
    params: { textDocument: { uri: 'file:///a.mcpdesc.json' }, position: { line: 0, character: 0 } },
  }),
);

/** Bytes from a fixed seed (a linear congruential generator), so a failure can be replayed. */
export function seededBytes(count: number, seed: number): Buffer {
  const bytes = Buffer.alloc(count);
  let state = seed >>> 0;
  for (let index = 0; index < count; index++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

export interface BrokenFraming {
  name: string;
  bytes: Buffer;
  /** What the error names. */
  reason: RegExp;
}

export const BROKEN_FRAMINGS: BrokenFraming[] = [
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

/**
 * A working session (initialize answered) on a fresh built server, then `broken`'s bytes: the server
 * says what was wrong on stderr and exits with code 1.
 */
export async function brokenFramingEndsTheServer(broken: BrokenFraming): Promise<void> {
  const server = RawServer.start();
  try {
    server.send(initializeRequest(1));
    assert.ok((await server.response(1)).result, 'initialize is answered before the broken bytes');
    server.notify('initialized', {});
    server.write(broken.bytes);
    const exit = await server.exited();
    assert.deepEqual(exit, { code: 1, signal: null });
    assert.match(server.stderr, /framing/i);
    assert.match(server.stderr, broken.reason);
  } finally {
    await server.kill();
  }
}
