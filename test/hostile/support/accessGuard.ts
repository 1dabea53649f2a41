// Preloaded (`node --require accessGuard.js ...`) into a process under test. Records, one JSON line
// each in the file named by MCPDESC_ACCESS_LOG:
//   - every file-system call on a path outside the roots listed (JSON array) in MCPDESC_ACCESS_ALLOW;
//   - every network attempt (net, tls, http, https, http2, dgram, dns, fetch) and child process;
// and makes the network attempts and child processes throw. The process itself keeps running, so a
// test sees everything that was attempted, not just the first thing.
// The modules are required as the objects every other module gets (an ES namespace import would be
// a copy, and patching a copy watches nothing).
import childProcess = require('node:child_process');
import dgram = require('node:dgram');
import dns = require('node:dns');
import fs = require('node:fs');
import http = require('node:http');
import http2 = require('node:http2');
import https = require('node:https');
import net = require('node:net');
import path = require('node:path');
import tls = require('node:tls');
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { ACCESS_ALLOW_ENV, ACCESS_LOG_ENV, type AccessRecord } from './accessLog';

const logPath = process.env[ACCESS_LOG_ENV];
const allowedRoots = (JSON.parse(process.env[ACCESS_ALLOW_ENV] ?? '[]') as string[]).map((root) => path.resolve(root));
const appendLog = fs.appendFileSync;

/** Set while the guard writes its own log (fs calls itself through the patched functions). */
let recording = false;

function record(entry: AccessRecord): void {
  if (!logPath || recording) return;
  recording = true;
  try {
    appendLog(logPath, `${JSON.stringify(entry)}\n`);
  } finally {
    recording = false;
  }
}

function isAllowed(target: string): boolean {
  return allowedRoots.some((root) => target === root || target.startsWith(root + path.sep));
}

function pathOf(argument: unknown): string | undefined {
  if (typeof argument === 'string') return path.resolve(argument);
  if (Buffer.isBuffer(argument)) return path.resolve(argument.toString());
  if (argument instanceof URL) return argument.protocol === 'file:' ? fileURLToPath(argument) : argument.href;
  return undefined; // a file descriptor: its open was already seen
}

type AnyFunction = (...args: unknown[]) => unknown;

/** Wraps `owner[name]` so that each call is recorded first when its path arguments leave the allowed roots. */
function watchPaths(owner: Record<string, unknown>, name: string, pathArguments: number[], label: string): void {
  const original = owner[name];
  if (typeof original !== 'function') return;
  const wrapped = function (this: unknown, ...args: unknown[]): unknown {
    for (const index of recording ? [] : pathArguments) {
      const target = pathOf(args[index]);
      if (target !== undefined && !isAllowed(target)) record({ kind: 'fs', operation: `${label}.${name}`, target });
    }
    return (original as AnyFunction).apply(this, args);
  };
  for (const key of Object.keys(original))
    (wrapped as unknown as Record<string, unknown>)[key] = (original as unknown as Record<string, unknown>)[key];
  owner[name] = wrapped;
}

/** Replaces `owner[name]` by a function that records the attempt and throws. */
function forbid(
  owner: Record<string, unknown>,
  name: string,
  kind: AccessRecord['kind'],
  label: string,
  describe: (args: unknown[]) => string,
): void {
  if (typeof owner[name] !== 'function') return;
  owner[name] = function (...args: unknown[]): never {
    const target = describe(args);
    record({ kind, operation: `${label}.${name}`, target });
    throw new Error(`access guard: ${label}.${name}(${target}) is not allowed in this test`);
  };
}

const ONE_PATH = [
  'access',
  'accessSync',
  'appendFile',
  'chmod',
  'chmodSync',
  'chown',
  'chownSync',
  'createReadStream',
  'createWriteStream',
  'exists',
  'existsSync',
  'lstat',
  'lstatSync',
  'mkdir',
  'mkdirSync',
  'mkdtemp',
  'mkdtempSync',
  'open',
  'openSync',
  'opendir',
  'opendirSync',
  'readFile',
  'readFileSync',
  'readdir',
  'readdirSync',
  'readlink',
  'readlinkSync',
  'realpath',
  'realpathSync',
  'rm',
  'rmSync',
  'rmdir',
  'rmdirSync',
  'stat',
  'statSync',
  'statfs',
  'statfsSync',
  'truncate',
  'truncateSync',
  'unlink',
  'unlinkSync',
  'utimes',
  'utimesSync',
  'watch',
  'watchFile',
  'writeFile',
  'writeFileSync',
];
const TWO_PATHS = [
  'copyFile',
  'copyFileSync',
  'cp',
  'cpSync',
  'link',
  'linkSync',
  'rename',
  'renameSync',
  'symlink',
  'symlinkSync',
];

const fsObject = fs as unknown as Record<string, unknown>;
for (const name of ONE_PATH) watchPaths(fsObject, name, [0], 'fs');
for (const name of TWO_PATHS) watchPaths(fsObject, name, [0, 1], 'fs');
// appendFileSync is how this guard writes its own log: watch it too, but through the saved original.
watchPaths(fsObject, 'appendFileSync', [0], 'fs');
const promises = fs.promises as unknown as Record<string, unknown>;
for (const name of ONE_PATH) watchPaths(promises, name, [0], 'fs.promises');
for (const name of TWO_PATHS) watchPaths(promises, name, [0, 1], 'fs.promises');

const describeConnect = (args: unknown[]): string => {
  const [first, second] = args;
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; hostname?: string; port?: number; path?: string; href?: string };
    return options.href ?? options.path ?? `${options.host ?? options.hostname ?? '?'}:${options.port ?? '?'}`;
  }
  return `${String(first)}${second !== undefined && typeof second !== 'function' ? `:${String(second)}` : ''}`;
};

forbid(net as unknown as Record<string, unknown>, 'connect', 'network', 'net', describeConnect);
forbid(net as unknown as Record<string, unknown>, 'createConnection', 'network', 'net', describeConnect);
forbid(net.Socket.prototype as unknown as Record<string, unknown>, 'connect', 'network', 'net.Socket', describeConnect);
forbid(tls as unknown as Record<string, unknown>, 'connect', 'network', 'tls', describeConnect);
for (const module of [http, https] as unknown as Array<Record<string, unknown>>) {
  const label = module === (https as unknown) ? 'https' : 'http';
  forbid(module, 'request', 'network', label, describeConnect);
  forbid(module, 'get', 'network', label, describeConnect);
}
forbid(http2 as unknown as Record<string, unknown>, 'connect', 'network', 'http2', describeConnect);
forbid(dgram as unknown as Record<string, unknown>, 'createSocket', 'network', 'dgram', describeConnect);
for (const name of [
  'lookup',
  'resolve',
  'resolve4',
  'resolve6',
  'resolveAny',
  'resolveCname',
  'resolveMx',
  'resolveTxt',
  'reverse',
]) {
  forbid(dns as unknown as Record<string, unknown>, name, 'network', 'dns', describeConnect);
  forbid(dns.promises as unknown as Record<string, unknown>, name, 'network', 'dns.promises', describeConnect);
}
if (typeof globalThis.fetch === 'function') {
  globalThis.fetch = (input: unknown): Promise<never> => {
    record({ kind: 'network', operation: 'fetch', target: String(input) });
    return Promise.reject(new Error(`access guard: fetch(${String(input)}) is not allowed in this test`));
  };
}
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  forbid(childProcess as unknown as Record<string, unknown>, name, 'process', 'child_process', (args) => String(args[0]));
}

// Once per process: node preloads the guard into every worker thread too (which it then watches
// as well), and a worker is no process of its own.
if (isMainThread) record({ kind: 'guard', operation: 'loaded', target: process.argv[1] ?? '' });
