// A test-only entry (run as out/test/support/checkWithRevisions.js, in a process of its own): checks
// one document with the checker built on a revision table of the caller's rows instead of the
// shipped one. It shows that a revision is one row of mcp/revisions.ts: the rules, the fixes and
// the elicitation vocabulary ask the table, so a new row is all they need (CONTRIBUTING.md, "Add an
// MCP revision"). The shipped bundle has no such hook: the table is replaced here, before the
// checker is loaded, in this process only.
import { createRequire } from 'node:module';
import type * as Checker from '../../server/src/checker';
import type * as Revisions from '../../server/src/checker/mcp/revisions';

export interface RevisionCheckRequest {
  rows: Revisions.RevisionRow[];
  text: string;
  options: Checker.CheckOptions;
}

const load = createRequire(__filename);

function checkWith(request: RevisionCheckRequest): Checker.Diagnostic[] {
  const revisionsFile = load.resolve('../../server/src/checker/mcp/revisions');
  const revisions = load(revisionsFile) as typeof Revisions;
  // Before any rule module is loaded: what they derive from the table when they load sees these rows.
  // The module's exports are replaced in the require cache by a copy with the table swapped, not
  // written to: compiled modules' exports may be getters only (esbuild's), and revisions.ts itself
  // reads its MCP nowhere.
  const replaced = { ...revisions, MCP: new revisions.RevisionTable(request.rows) };
  Object.defineProperty(replaced, '__esModule', { value: true });
  load.cache[revisionsFile]!.exports = replaced;
  const checker = load('../../server/src/checker') as typeof Checker;
  return checker.checkDocument(request.text, request.options).diagnostics;
}

if (require.main === module) {
  const chunks: Buffer[] = [];
  process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
  process.stdin.on('end', () => {
    const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RevisionCheckRequest;
    process.stdout.write(JSON.stringify(checkWith(request)));
  });
}
