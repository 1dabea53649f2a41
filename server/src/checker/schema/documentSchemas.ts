// The requested schemas of one document, as values with their validators. In JSON text the same
// source text is the same schema, so a schema is looked up by its text before its value is built:
// on every keystroke the declarations and the schemas their steps repeat cost a lookup each.
// A schema the document's time budget leaves uncompiled is recorded as not checked, once, where it is.
import type { CompiledSchema, SchemaValidatorCache } from './schemaValidator';
import { noticeAnchorOf, valueOf, type JsonValue, type SyntaxNode } from '../syntax/tree';
import { noteNotChecked } from '../notChecked';

export interface NodeSchema {
  /** Shared between checks: read it, never change it. */
  value: JsonValue;
  compiled: CompiledSchema;
}

export class DocumentSchemas {
  /** This check's schemas by source text, when the shared cache is not to remember them. */
  private readonly ofThisCheck: Map<string, NodeSchema> | undefined;
  /**
   * YAML schemas by value: every alias of an anchored schema has the anchor's value (the same
   * object), so the schema is looked up once, not serialized again for each step that uses it.
   */
  private readonly byValue = new WeakMap<object, NodeSchema>();
  /** Schemas not compiled in this check, by source text: the shared cache does not keep them, and each is noted once. */
  private readonly bySource = new Map<string, NodeSchema>();

  /**
   * `valueSource` is the document's text when a node's source text fixes its value (the syntax's
   * `valueSourceText`: JSON's; YAML source text alone does not). `once`: the document is checked once, so the shared cache need not remember its schemas
   * (see CheckOptions.once); a schema its steps repeat is still compiled once.
   */
  constructor(
    readonly cache: SchemaValidatorCache,
    private readonly valueSource?: string,
    private readonly once = false,
  ) {
    this.ofThisCheck = once && valueSource !== undefined ? new Map() : undefined;
  }

  ofNode(node: SyntaxNode): NodeSchema {
    if (this.valueSource === undefined) {
      const value = valueOf(node);
      if (value === null || typeof value !== 'object')
        return this.noted(node, { value, compiled: this.cache.compile(value, !this.once) });
      let known = this.byValue.get(value);
      if (!known) {
        known = this.noted(node, { value, compiled: this.cache.compile(value, !this.once) });
        this.byValue.set(value, known);
      }
      return known;
    }
    const source = this.valueSource.slice(node.offset, node.offset + node.length);
    if (!this.ofThisCheck) {
      let known = this.bySource.get(source);
      if (!known) {
        known = this.noted(
          node,
          this.cache.compileSource(source, () => valueOf(node)),
        );
        if (known.compiled.ok && known.compiled.notCompiled) this.bySource.set(source, known);
      }
      return known;
    }
    let known = this.ofThisCheck.get(source);
    if (!known) {
      const value = valueOf(node);
      known = this.noted(node, { value, compiled: this.cache.compile(value, false) });
      this.ofThisCheck.set(source, known);
    }
    return known;
  }

  /** `schema`, recorded as not checked at `node` when it was not compiled (once per schema and check). */
  private noted(node: SyntaxNode, schema: NodeSchema): NodeSchema {
    if (schema.compiled.ok && schema.compiled.notCompiled) {
      noteNotChecked('requested-schema', noticeAnchorOf(node), schema.compiled.notCompiled.reason);
    }
    return schema;
  }
}
