// The `_meta` objects of the primitives (MCP Description 0.8.0 carries MCP's general fields on
// each) and of the results of resources' and resource templates' examples, each checked as
// metaObject.ts checks one (a tool's example results are toolExamples.ts').
import { itemsOf, memberOf, type SyntaxNode } from '../../syntax/tree';
import { primitiveScope } from '../../model/protocolScope';
import { FindingCollector } from './findingCollector';
import { examplesOf, PRIMITIVE_COLLECTIONS, primitiveObjectsOf } from '../../model/documentModel';
import type { SemanticFinding } from './semanticFinding';
import { checkMeta } from './metaObject';

/** The `_meta` of resources, resource templates and prompts, and of their examples' results. */
export function checkRootMeta(root: SyntaxNode): SemanticFinding[] {
  const collected = new FindingCollector();
  for (const kind of ['resource', 'resourceTemplate', 'prompt'] as const) {
    const collection = PRIMITIVE_COLLECTIONS[kind];
    primitiveObjectsOf(root, kind).forEach(({ node: item, index }) => {
      const scope = primitiveScope(item, root)?.versions ?? [];
      checkMeta(memberOf(item, '_meta'), 'declaration', scope, [collection, index, '_meta'], collected);
      if (collection === 'prompts') return;
      for (const { name, property } of examplesOf(item).namedExamples) {
        const result = memberOf(property.value, 'result');
        if (result?.type !== 'object') continue;
        const resultPath = [collection, index, 'examples', name, 'result'];
        checkMeta(memberOf(result, '_meta'), 'result', scope, [...resultPath, '_meta'], collected);
        itemsOf(memberOf(result, 'contents')).forEach((content, contentIndex) =>
          checkMeta(memberOf(content, '_meta'), 'content', scope, [...resultPath, 'contents', contentIndex, '_meta'], collected),
        );
      }
    });
  }
  return collected.findings();
}

/** A tool's own `_meta` (its examples' results are toolExamples.ts'). */
export function checkToolMeta(root: SyntaxNode, tool: SyntaxNode, index: number): SemanticFinding[] {
  const collected = new FindingCollector();
  checkMeta(
    memberOf(tool, '_meta'),
    'declaration',
    primitiveScope(tool, root)?.versions ?? [],
    ['tools', index, '_meta'],
    collected,
  );
  return collected.findings();
}
