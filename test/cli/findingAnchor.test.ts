// Which document of a YAML stream a finding's anchor names: found by bisection over the documents
// (a stream of thousands with a finding in each must not scan them all per finding), held here to
// the plain search, first document holding the span, at every boundary between documents.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument, type Diagnostic, type SyntaxNode } from '../../server/src/checker';
import { anchorDiagnostics } from '../../server/src/host/findingAnchor';
import { yamlDocument, YAML_UNKNOWN_DECLARATION_STEP } from '../config/monorepoFixture';

function plainRootIndex(roots: readonly SyntaxNode[], start: number, end: number): number {
  return roots.findIndex((root) => root.offset <= start && end <= root.offset + root.length);
}

function at(offset: number, length: number): Diagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: 1,
    code: 'x',
    source: 'mcpdesc',
    message: 'm',
    codeDescription: { href: 'about:blank' },
    data: { violation: 'skipped', offset, length },
  };
}

describe('finding anchors in a stream of documents', () => {
  it('name the document holding the span, as the plain search does, at every boundary', () => {
    const text = Array.from({ length: 40 }, () => yamlDocument(YAML_UNKNOWN_DECLARATION_STEP)).join('---\n');
    const result = checkDocument(text, { format: 'yaml' });
    assert.equal(result.roots.length, 40);
    const found = result.diagnostics.filter((diagnostic) => diagnostic.data.violation === 'unknown-declaration');
    assert.equal(found.length, 40);
    // Every finding, then spans at and around each document's start and end, empty and not, and one over two documents.
    const spans: Diagnostic[] = [...found];
    for (const root of result.roots) {
      for (const edge of [root.offset, root.offset + root.length]) {
        for (const start of [edge - 1, edge, edge + 1])
          for (const length of [0, 1, 4]) if (start >= 0) spans.push(at(start, length));
      }
    }
    spans.push(at(result.roots[3].offset, result.roots[4].offset + 2 - result.roots[3].offset), at(text.length + 5, 0));
    const anchors = anchorDiagnostics(spans, text, result.roots);
    spans.forEach((span, index) => {
      const expected = plainRootIndex(result.roots, span.data.offset, span.data.offset + span.data.length);
      const prefix = /^\$(\d+)/.exec(anchors[index].anchor.path)?.[1];
      assert.equal(prefix === undefined ? -1 : Number(prefix), expected, `span ${span.data.offset}+${span.data.length}`);
    });
    assert.deepEqual(
      anchors.slice(0, 3).map((anchor) => anchor.anchor.path.split('/')[0]),
      ['$0', '$1', '$2'],
    );
  });
});
