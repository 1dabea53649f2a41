// The whole-document rules read the document model (server/src/checker/model/), never the root's
// members on their own: a new check that needs more of the root extends the model
// (model/documentRoot.ts, documentModel.ts, componentRef.ts) instead of calling `memberOf(root, …)`.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';

// Compiled to out/test/structure/: the sources are three folders up.
const DOCUMENT_RULES = path.join(__dirname, '..', '..', '..', 'server', 'src', 'checker', 'rules', 'document');

// None is allowed, the fixes' included: the 0.8.0 member move finds the member it writes into
// through the moves table (identity/memberMoves.ts moveTarget), which reads it from the model.

function sourcesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? sourcesUnder(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the whole-document rules read the model', () => {
  test('no memberOf(root, …) in rules/document', () => {
    const counts: Record<string, number> = {};
    for (const file of sourcesUnder(DOCUMENT_RULES)) {
      const found = fs.readFileSync(file, 'utf8').match(/\bmemberOf\(\s*(?:memberOf\(\s*)*root\b/g)?.length ?? 0;
      if (found > 0) counts[path.relative(DOCUMENT_RULES, file).split(path.sep).join('/')] = found;
    }
    assert.deepEqual(counts, {});
  });
});
