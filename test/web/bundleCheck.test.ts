// The build's check of the browser bundles (scripts/browser-bundle-check.mjs): it finds what would
// fail in vscode.dev (a Node module required or imported, worker_threads, __dirname), lets through
// what the browser has (`vscode` in the extension host) and ajv's code-generation strings, and the
// bundles the build made pass it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { repoPath } from '../support/repo';

interface BundleCheck {
  nodeOnlyUses(code: string, allowedRequires?: string[]): string[];
}

const loadCheck = (): Promise<BundleCheck> =>
  import(pathToFileURL(repoPath('scripts', 'browser-bundle-check.mjs')).href) as Promise<BundleCheck>;

describe('the browser bundle check', () => {
  it('finds every Node-only use in a bundle', async () => {
    const { nodeOnlyUses } = await loadCheck();
    const code = [
      'var fs = require("fs");',
      "const { Worker } = require('node:worker_threads');",
      'import { join } from "node:path";',
      'const here = __dirname;',
      'var vscode = require("vscode");',
    ].join('\n');
    const found = nodeOnlyUses(code, ['vscode']);
    assert.deepEqual(
      found.map((use) => use.slice(0, use.indexOf(': …'))),
      [
        'require of "fs"',
        'require of "node:worker_threads"',
        'node: import',
        'node: module name',
        'node: module name',
        'worker_threads',
        '__dirname',
      ],
    );
  });

  it('lets through the modules the host provides and code that is only text', async () => {
    const { nodeOnlyUses } = await loadCheck();
    const ajv = 'uri.code = \'require("ajv/dist/runtime/uri").default\'; x = _`require("ajv-formats/dist/formats").${name}`;';
    assert.deepEqual(nodeOnlyUses(`var vscode = require("vscode"); ${ajv}`, ['vscode']), []);
    assert.equal(nodeOnlyUses('var vscode = require("vscode");', []).length, 1);
  });

  it('passes the bundles the build made, which hold the browser entries', async () => {
    const { nodeOnlyUses } = await loadCheck();
    const server = fs.readFileSync(repoPath('dist', 'browser', 'server.js'), 'utf8');
    const extension = fs.readFileSync(repoPath('dist', 'browser', 'extension.js'), 'utf8');
    assert.match(server, /BrowserMessageReader/);
    assert.match(extension, /mcpdesc\/workspaceFiles/);
    assert.deepEqual(nodeOnlyUses(server), []);
    assert.deepEqual(nodeOnlyUses(extension, ['vscode']), []);
    // The Node build is what the check is for: it does find the Node server's uses.
    assert.notDeepEqual(nodeOnlyUses(fs.readFileSync(repoPath('dist', 'server.js'), 'utf8')), []);
  });
});
