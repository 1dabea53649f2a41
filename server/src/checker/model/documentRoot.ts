// The document-wide members of a root that the whole-document rules read beside its primitives
// (MCP Description 0.8.0 §4 protocol scopes, §6 transports and capabilities, §7 security, §3 tags):
// part of the document model, so that no rule reads the root's members on its own. Like the rest of
// the model it keeps the nodes as written and never throws on content: a member of the wrong type
// has no elements here (the schema rule says what is wrong with it).
import { itemsOf, memberOf, type SyntaxNode, type ValueNode } from '../syntax/tree';

export interface DocumentRoot {
  node: SyntaxNode;
  /** `protocolVersions` as written, whatever its type. */
  protocolVersionsNode?: ValueNode;
  /** Its elements, when it is an array. */
  protocolVersionElements: readonly ValueNode[];
  /** `security` as written (the document's requirements when it is an array). */
  security?: ValueNode;
  /** Whether the document has a `transports` member at all, of any type: then every revision of its scope needs one. */
  listsTransports: boolean;
  /** The elements of `transports`, when it is an array. */
  transports: readonly ValueNode[];
  /** The elements of `capabilities`, when it is an array. */
  capabilities: readonly ValueNode[];
  /** The elements of `tags`, when it is an array. */
  tags: readonly ValueNode[];
  /** `securitySchemes`, when it is an object. */
  securitySchemes?: ValueNode;
}

/** The document-wide members of `root` (a root of any type: one that is not an object has none). */
export function readDocumentRoot(root: SyntaxNode): DocumentRoot {
  const protocolVersionsNode = memberOf(root, 'protocolVersions');
  const transports = memberOf(root, 'transports');
  const securitySchemes = memberOf(root, 'securitySchemes');
  return {
    node: root,
    protocolVersionsNode,
    protocolVersionElements: itemsOf(protocolVersionsNode),
    security: memberOf(root, 'security'),
    listsTransports: transports !== undefined,
    transports: itemsOf(transports),
    capabilities: itemsOf(memberOf(root, 'capabilities')),
    tags: itemsOf(memberOf(root, 'tags')),
    securitySchemes: securitySchemes?.type === 'object' ? securitySchemes : undefined,
  };
}

/** The security scheme the document declares under `name`, when it declares one. */
export function securitySchemeNamed(document: DocumentRoot, name: string): ValueNode | undefined {
  return memberOf(document.securitySchemes, name);
}
