// Violation kind 9: whether each element of a tool's `elicitations` is a declaration the rule can
// check steps against. A usable form declaration carries its resolved schema and validator; the
// verdicts of one check are kept per declaration, so every step naming it costs a lookup.
import type { CompiledSchema } from '../../schema/schemaValidator';
import type { DocumentSchemas } from '../../schema/documentSchemas';
import { resolveSchemaNode } from '../../model/componentRef';
import type { Declaration, ElicitationMode } from '../../model/documentModel';
import type { JsonValue, SyntaxNode } from '../../syntax/tree';
import { describeNode, quote } from '../../syntax/describe';
import type { DeclarationAspect } from './findings';

export type DeclarationVerdict =
  | { usable: false; problem: string; aspect: DeclarationAspect }
  | { usable: true; mode: 'url' }
  | { usable: true; mode: 'form'; schemaNode: SyntaxNode; schema: JsonValue; compiled: Extract<CompiledSchema, { ok: true }> };

export type UsableVerdict = Extract<DeclarationVerdict, { usable: true }>;

export class DeclarationVerdicts {
  private readonly known = new Map<Declaration, DeclarationVerdict>();

  constructor(private readonly schemas: DocumentSchemas) {}

  of(declaration: Declaration): DeclarationVerdict {
    let verdict = this.known.get(declaration);
    if (!verdict) {
      verdict = judge(declaration, this.schemas);
      this.known.set(declaration, verdict);
    }
    return verdict;
  }
}

function judge(declaration: Declaration, schemas: DocumentSchemas): DeclarationVerdict {
  const { node } = declaration;
  if (node.type !== 'object') return unusable('element', `it must be an object, not ${describeType(node)}`);
  if (declaration.name === undefined) {
    return unusable(
      'name',
      declaration.nameNode ? `its name must be a string, not ${describeNode(declaration.nameNode)}` : 'it has no name',
    );
  }
  if (declaration.duplicateOf) {
    return unusable(
      'duplicate',
      `elicitations[${declaration.duplicateOf.index}] already declares the name ${quote(declaration.name)}`,
    );
  }
  const mode: ElicitationMode | undefined = declaration.mode;
  if (!mode) {
    return unusable(
      'mode',
      declaration.modeNode
        ? `its mode must be 'form' or 'url', not ${describeNode(declaration.modeNode)}`
        : `it has no mode ('form' or 'url')`,
    );
  }
  // A url declaration's requestedSchema, if any, is not this rule's business.
  if (mode === 'url') return { usable: true, mode };
  const written = declaration.requestedSchemaNode;
  if (!written) return unusable('requestedSchema', 'a form-mode declaration needs a requestedSchema');
  const resolved = resolveSchemaNode(written, declaration.tool.root);
  if (!resolved.ok) return unusable('requestedSchema', `its requestedSchema cannot be used: ${resolved.reason}`);
  if (resolved.node.type !== 'object') {
    return unusable(
      'requestedSchema',
      `a form-mode declaration needs an object requestedSchema, not ${describeType(resolved.node)}${resolved.via ? ` (through ${quote(resolved.via)})` : ''}`,
    );
  }
  const schema = schemas.ofNode(resolved.node);
  if (!schema.compiled.ok)
    return unusable('requestedSchema', `its requestedSchema is not a usable JSON Schema (${schema.compiled.reason})`);
  return { usable: true, mode, schemaNode: resolved.node, schema: schema.value, compiled: schema.compiled };
}

function unusable(aspect: DeclarationAspect, problem: string): DeclarationVerdict {
  return { usable: false, problem, aspect };
}

function describeType(node: SyntaxNode): string {
  return node.type === 'null' ? 'null' : node.type === 'array' || node.type === 'object' ? `an ${node.type}` : `a ${node.type}`;
}
