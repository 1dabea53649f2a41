// The requested schemas of one document, as values with their validators. In JSON text the same
// source text is the same schema, so a schema is looked up by its text before its value is built:
// on every keystroke the declarations and the schemas their steps repeat cost a lookup each.
import type { CompiledSchema, SchemaValidatorCache } from './schemaValidator';
import { valueOf, type JsonValue, type SyntaxNode } from './tree';

export interface NodeSchema {
  /** Shared between checks: read it, never change it. */
  value: JsonValue;
  compiled: CompiledSchema;
}

export class DocumentSchemas {
  /** `jsonText` is the document's text when it is JSON (YAML source text alone does not fix a value). */
  constructor(readonly cache: SchemaValidatorCache, private readonly jsonText?: string) {}

  ofNode(node: SyntaxNode): NodeSchema {
    if (this.jsonText === undefined) {
      const value = valueOf(node);
      return { value, compiled: this.cache.compile(value) };
    }
    return this.cache.compileSource(this.jsonText.slice(node.offset, node.offset + node.length), () => valueOf(node));
  }
}
