// A tool's elicitation declarations, each judged usable or not (violation kind 9).
import type { DocumentSchemas } from '../documentSchemas';
import { effectiveProperties, memberOf, stringOf, type SyntaxNode } from '../tree';
import type { Declaration, Tool } from './model';

export function readTool(node: SyntaxNode, index: number, schemas: DocumentSchemas): Tool {
  const label = stringOf(memberOf(node, 'name')) ?? `tools[${index}]`;
  const elicitations = memberOf(node, 'elicitations');
  const declarations = new Map<string, Declaration>();
  for (const [name, property] of effectiveProperties(elicitations)) {
    declarations.set(name, readDeclaration(name, property, schemas));
  }
  return { node, label, elicitations, declarations };
}

export function readDeclaration(name: string, property: SyntaxNode, schemas: DocumentSchemas): Declaration {
  const value = property.children![1];
  const declaration: Declaration = { name, property, value };
  if (value.type !== 'object') {
    declaration.problem = `it must be an object, not ${value.type === 'null' ? 'null' : `a ${value.type}`}`;
    return declaration;
  }
  const modeNode = memberOf(value, 'mode');
  const mode = modeNode ? stringOf(modeNode) : 'form';
  if (mode !== 'form' && mode !== 'url') {
    declaration.problem = `its mode must be 'form' or 'url'`;
    return declaration;
  }
  declaration.mode = mode;
  if (mode === 'url') {
    // A url declaration's requestedSchema, if any, is ignored by the rule.
    declaration.urlNode = memberOf(value, 'url');
    return declaration;
  }
  const schemaNode = memberOf(value, 'requestedSchema');
  if (!schemaNode || schemaNode.type !== 'object') {
    declaration.problem = schemaNode
      ? 'a form-mode declaration needs an object requestedSchema'
      : 'a form-mode declaration needs a requestedSchema';
    return declaration;
  }
  declaration.schemaNode = schemaNode;
  const schema = schemas.ofNode(schemaNode);
  declaration.schema = schema.value;
  declaration.compiled = schema.compiled;
  if (!declaration.compiled.ok) {
    declaration.problem = `its requestedSchema is not a usable JSON Schema (${declaration.compiled.reason})`;
  }
  return declaration;
}
