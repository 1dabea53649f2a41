// A key given twice in one object. Spec 0.8.0 §15.3.2: "A YAML mapping MUST NOT contain duplicate
// keys ... Implementations MUST reject duplicate keys"; §15.2: a JSON document conforms to RFC 8259,
// and the official toolchain parses JSON strictly, rejecting a repeated name as it rejects a YAML
// one: the document is not read at all (`document-parse`, path []). The checker still reads it (the
// last of the keys is the one read, as JSON.parse does, which the elicitation rules' spec asks for),
// so every repeat is reported on its key, and every other rule goes on.
import type { PropertyNode, SyntaxNode } from '../../syntax/tree';
import { toolsArrayOf } from '../../model/documentModel';
import type { SchemaFinding } from './documentSchema';
import { DOCUMENT_PARSE_OFFICIAL_CODE } from '../../types';

/** The repeated keys of the root outside the elements of its `tools` array (each tool's are the tool's). */
export function checkRootDuplicateKeys(root: SyntaxNode): SchemaFinding[] {
  return repeatedKeys(root, new Set(toolsArrayOf(root)?.items ?? []));
}

/** The repeated keys of one tool. */
export function checkToolDuplicateKeys(tool: SyntaxNode): SchemaFinding[] {
  return repeatedKeys(tool, new Set());
}

/** Objects with at most this many members are searched for a repeat by comparing names pairwise. */
const PAIRWISE_MEMBERS = 8;

/** Every later repeat of a key in the objects under `top`, `skipped` subtrees left out (a loop, not recursion: any depth). */
function repeatedKeys(top: SyntaxNode, skipped: ReadonlySet<SyntaxNode>): SchemaFinding[] {
  const findings: SchemaFinding[] = [];
  const pending: SyntaxNode[] = [top];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (skipped.has(node)) continue;
    if (node.type === 'object') {
      const properties = node.properties;
      if (properties.length > 1) reportRepeats(properties, findings);
      for (const property of properties) {
        const value = property.value;
        if (value && (value.type === 'object' || value.type === 'array')) pending.push(value);
      }
    } else if (node.type === 'array') {
      for (const item of node.items) if (item.type === 'object' || item.type === 'array') pending.push(item);
    }
  }
  // The loop visits the tree back to front: report in document order.
  return findings.sort((a, b) => a.offset - b.offset);
}

/**
 * Each member of `properties` whose name an earlier one has. Most objects are small and have no
 * repeat: comparing their names pairwise allocates nothing, where a set per object (a 10 MB
 * document has some 300,000 objects) was most of this rule's time and garbage.
 */
function reportRepeats(properties: readonly PropertyNode[], findings: SchemaFinding[]): void {
  if (properties.length <= PAIRWISE_MEMBERS) {
    for (let i = 1; i < properties.length; i++) {
      const key = properties[i].key.value;
      for (let j = 0; j < i; j++) {
        if (properties[j].key.value !== key) continue;
        findings.push(repeatFinding(properties[i]));
        break;
      }
    }
    return;
  }
  const seen = new Set<string>();
  for (const property of properties) {
    const key = property.key.value;
    if (!seen.has(key)) seen.add(key);
    else findings.push(repeatFinding(property));
  }
}

function repeatFinding(property: PropertyNode): SchemaFinding {
  const key = property.key.value;
  return {
    offset: property.key.offset,
    length: property.key.length,
    keyword: 'duplicateKey',
    pointer: '',
    officialCode: DOCUMENT_PARSE_OFFICIAL_CODE,
    message: `The key ${JSON.stringify(key)} is given more than once in this object; a key must not repeat (MCP Description 0.8.0 §15.2, §15.3.2). The last one is the one read.`,
  };
}
