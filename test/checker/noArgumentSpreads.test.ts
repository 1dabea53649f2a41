// A call that spreads an array into arguments (`list.push(...items)`, `Math.max(...values)`) puts
// every element on the stack: past some 120,000 of them V8 throws a RangeError. Where a document
// decides the length (an enum of 130,000 values, 140,000 unknown members, findings by the hundred
// thousand), that turned a document into "nested too deeply" or an internal error and hid all its
// findings. So the checker and what runs it spread nothing into a call but what is bounded, each
// bound said below; everything else loops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../support/repo';

/** Where the language server runs the checker (server/src/lsp is its own layer, reviewed with it). */
const SCANNED = ['server/src/checker', 'server/src/host', 'server/src/cli', 'shared/src'];

/** Spreads whose length is bounded by something other than the document's size: file, the call's callee, and why. */
const BOUNDED: ReadonlyArray<{ file: string; callee: string; why: string }> = [
  {
    file: '*',
    callee: 'pointerOf',
    why: "a path into the document: as long as it is deep, and parsing refuses depths far below an argument list's limit",
  },
  { file: 'server/src/checker/rules/declarationValidity/revisions.ts', callee: 'set', why: 'constant keyword lists' },
  { file: 'server/src/checker/schema/ecmaToRe2.ts', callee: 'String.fromCharCode', why: 'chunks of at most 8,192 code units' },
  { file: 'server/src/checker/syntax/yaml/yamlTreeBuilder.ts', callee: 'this.builder.buildPair', why: 'a fixed parameter list' },
  { file: 'server/src/checker/rules/elicitation/quickFixes.ts', callee: 'members.push', why: "a request's few wanted members" },
  { file: 'server/src/checker/rules/elicitation/quickFixes.ts', callee: 'edits.push', why: 'the edits of one member edit' },
  { file: 'server/src/host/workerPool.ts', callee: 'this.waiting.unshift', why: 'the few tasks posted to one worker' },
];

function sourceFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(REPO_ROOT, directory), { withFileTypes: true })) {
    const relative = `${directory}/${entry.name}`;
    if (entry.isDirectory()) for (const file of sourceFiles(relative)) files.push(file);
    else if (entry.name.endsWith('.ts')) files.push(relative);
  }
  return files;
}

test('no call spreads an array whose length a document decides', () => {
  const found: string[] = [];
  let allowed = 0;
  for (const file of SCANNED.flatMap(sourceFiles)) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isSpreadElement(node) && (ts.isCallExpression(node.parent) || ts.isNewExpression(node.parent))) {
        const callee = node.parent.expression.getText(source);
        if (BOUNDED.some((bound) => (bound.file === '*' || bound.file === file) && bound.callee === callee)) allowed++;
        else {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${file}:${line + 1}: ${callee}(...${node.expression.getText(source)})`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  assert.deepEqual(found, []);
  assert.ok(allowed > 0, 'the scan sees spreads at all');
});
