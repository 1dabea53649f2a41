// The browser bundles (dist/browser/) run in vscode.dev's extension host and in a web worker, where
// Node's modules do not exist: one that slipped in would fail there at load or at first use, never
// on the desktop. This finds what would: a require of anything but `vscode` (the extension host
// provides that one), a `node:` import, worker_threads, __dirname or __filename. build.mjs runs it
// after every build; test/web/bundleCheck.test.ts tests it.

/** The Node-only uses in `code`, each as a short excerpt; `allowedRequires`: modules the host provides. */
export function nodeOnlyUses(code, allowedRequires = []) {
  const found = [];
  const note = (index, what) => found.push(`${what}: …${code.slice(Math.max(0, index - 30), index + 50).replace(/\s+/g, ' ')}…`);
  for (const match of code.matchAll(/\brequire\s*\(\s*(["'`])([^"'`]*)\1\s*\)/g)) {
    // Right after a quote it is the text of code, not a call: ajv's code generator names its runtime
    // helpers so ('require("ajv/dist/runtime/equal").default'), for standalone code only.
    if (/["'`]/.test(code[match.index - 1] ?? '')) continue;
    if (!allowedRequires.includes(match[2])) note(match.index, `require of "${match[2]}"`);
  }
  for (const match of code.matchAll(/\bimport\s*\(?\s*["']node:[\w/]+["']|\bfrom\s*["']node:[\w/]+["']/g))
    note(match.index, 'node: import');
  for (const match of code.matchAll(/["']node:[\w/]+["']/g)) note(match.index, 'node: module name');
  for (const match of code.matchAll(/worker_threads/g)) note(match.index, 'worker_threads');
  for (const match of code.matchAll(/\b__dirname\b|\b__filename\b/g)) note(match.index, match[0]);
  return found;
}
