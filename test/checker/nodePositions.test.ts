// Where nodes are after the one-tool shortcut moves them (nodePositions.ts): the same positions a
// fresh parse of the edited text gives, for JSON and for YAML (merge pairs and shared anchors
// included); and no module but the builders and nodePositions.ts writes a node's colon or parent.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildJsonTree } from '../../server/src/checker/syntax/json/jsonTree';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml';
import { replaceItem, shiftInside, shiftSubtree } from '../../server/src/checker/syntax/nodePositions';
import { childrenOf, memberOf, type SyntaxNode, type ValueNode } from '../../server/src/checker/syntax/tree';
import { repoPath } from '../support/repo';

/** Every node's position, in preorder (nodes shared by YAML aliases once, where they are owned). */
function positions(root: SyntaxNode): string[] {
  const result: string[] = [];
  const pending: SyntaxNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    const colon = node.type === 'property' && node.colonOffset !== undefined ? ` :${node.colonOffset}` : '';
    const pairs = node.type === 'object' && node.mergePairs ? ` <<${node.mergePairs.map((pair) => pair.offset).join(',')}` : '';
    result.push(`${node.type} ${node.offset}+${node.length}${colon}${pairs}`);
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) if (children[i].parent === node) pending.push(children[i]);
  }
  return result;
}

function jsonRoot(text: string): ValueNode {
  const { root, errors } = buildJsonTree(text);
  assert.deepEqual(errors, []);
  return root!;
}

function yamlRoot(text: string): ValueNode {
  const parsed = parseYamlDocuments(text);
  assert.deepEqual(parsed.errors, []);
  return parsed.documents[0].root!;
}

describe('nodePositions', () => {
  it('shiftSubtree moves a JSON subtree as a parse of the moved text places it', () => {
    const text = '{"a": [1, {"b": true}], "c": null}';
    const moved = jsonRoot(text);
    shiftSubtree(moved, 3);
    assert.deepEqual(positions(moved), positions(jsonRoot(`   ${text}`)));
  });

  it('shiftInside moves what a node owns, not the node', () => {
    const text = '{"a": {"b": 1}}';
    const inner = memberOf(jsonRoot(text), 'a')!;
    shiftInside(inner, 5);
    assert.deepEqual(positions(inner), ['object 6+8', 'property 12+6 :15', 'string 12+3', 'number 17+1']);
    assert.deepEqual(positions(memberOf(jsonRoot(text), 'a')!), ['object 6+8', 'property 7+6 :10', 'string 7+3', 'number 12+1']);
  });

  it('shiftSubtree moves YAML merge pairs with their mapping, and moves nodes shared by aliases once', () => {
    const text = 'base: &b\n  x: 1\n  y: 2\nuse:\n  <<: *b\n  z: 3\nagain: *b\n';
    const moved = yamlRoot(text);
    shiftSubtree(moved, 4);
    assert.deepEqual(positions(moved), positions(yamlRoot(`\n\n\n\n${text}`)));
  });

  it('replaceItem puts a node in an array and makes the array its parent', () => {
    const root = jsonRoot('[1, 2, 3]');
    assert.ok(root.type === 'array');
    const replacement = jsonRoot('"two"');
    replaceItem(root, 1, replacement);
    assert.equal(root.items[1], replacement);
    assert.equal(replacement.parent, root);
  });

  it('no module of the checker but the builders and nodePositions.ts writes a colon or a parent', () => {
    const writers = new Set([
      'syntax/nodePositions.ts',
      'syntax/json/jsonTree.ts',
      'syntax/yaml/yamlTreeBuilder.ts',
      'syntax/yaml/yamlAliases.ts',
      // The tree builder's merge of `<<` sources, in a file of its own since the test reference shares it.
      'syntax/yaml/yamlMerges.ts',
    ]);
    const root = repoPath('server', 'src', 'checker');
    const offenders: string[] = [];
    const visit = (directory: string): void => {
      for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
        const file = path.join(directory, entry.name);
        if (entry.isDirectory()) visit(file);
        else if (entry.name.endsWith('.ts') && !writers.has(path.relative(root, file).split(path.sep).join('/'))) {
          fs.readFileSync(file, 'utf8')
            .split('\n')
            .forEach((line, index) => {
              if (/\.(colonOffset|parent)\s*[-+]?=(?!=)/.test(line))
                offenders.push(`${path.relative(root, file)}:${index + 1}: ${line.trim()}`);
            });
        }
      }
    };
    visit(root);
    assert.deepEqual(offenders, []);
  });
});
