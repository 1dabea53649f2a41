// The position-annotated tree every check walks, for JSON and YAML alike: a union discriminated on
// `type`, each kind with its own typed members (an object's properties, a property's key and value,
// an array's items, a scalar's value). Both builders make the same few classes below, so that
// whatever walks a tree of either format sees the same handful of object shapes (V8 keeps the
// accesses fast while they stay few).
//
// What a node is (its kind, value, members) is read-only for readers. Where it is (offset, length,
// colonOffset, parent) may change after the build, but only through nodePositions.ts: the one-tool
// shortcut of incremental re-checks moves the nodes after an edit in place instead of re-parsing.

/** The text of one `<<` pair of a YAML mapping: from the `<<` key to the end of its value. */
export interface MergePairSpan {
  offset: number;
  length: number;
  /** The keys its sources give, whether the mapping takes them or sets them itself. */
  keys: string[];
}

interface NodeBase {
  /** Where the node's text starts (quotes included), and how long it is. */
  offset: number;
  length: number;
  /** undefined for a document's root (and for a tree being built). */
  parent: ParentNode | undefined;
  /**
   * YAML: for a node that stands for an alias (`*name`) or for a property merged in with `<<`, the
   * node it was copied from (at the anchor's definition). The copy carries the alias's range, so a
   * diagnostic lands on the alias; an edit must not write into the copy's range as if it held the
   * text. A large anchored collection is not copied: its alias node shares the definition's members.
   */
  readonly origin?: SyntaxNode;
  /** YAML: set on an anchored node some alias stands for (its value is built once for all of them). */
  readonly aliased?: boolean;
  /**
   * YAML: set on an anchored collection whose members alias nodes share: a node inside it may have
   * been reached through any of them, so its text is not one place's own.
   */
  readonly sharedByAliases?: boolean;
}

export interface ObjectNode extends NodeBase {
  readonly type: 'object';
  /** In text order, duplicates included (readers take the last, as JSON.parse does). */
  readonly properties: readonly PropertyNode[];
  /** YAML: the mapping's `<<` pairs, in text order; the members they bring in are ranged inside them. */
  readonly mergePairs?: readonly MergePairSpan[];
}

export interface PropertyNode extends NodeBase {
  readonly type: 'property';
  readonly key: StringNode;
  /** undefined for a JSON member cut short (no colon, or nothing after it). */
  readonly value: ValueNode | undefined;
  /** Where its colon is, when it has one. */
  colonOffset: number | undefined;
}

export interface ArrayNode extends NodeBase {
  readonly type: 'array';
  /** Replaced one at a time only by nodePositions.ts (a re-parsed tool takes its old node's place). */
  readonly items: ValueNode[];
}

export interface StringNode extends NodeBase {
  readonly type: 'string';
  readonly value: string;
}

export interface NumberNode extends NodeBase {
  readonly type: 'number';
  readonly value: number;
}

export interface BooleanNode extends NodeBase {
  readonly type: 'boolean';
  readonly value: boolean;
}

export interface NullNode extends NodeBase {
  readonly type: 'null';
  readonly value: null;
}

export type ScalarNode = StringNode | NumberNode | BooleanNode | NullNode;
export type ValueNode = ObjectNode | ArrayNode | ScalarNode;
export type ParentNode = ObjectNode | ArrayNode | PropertyNode;
export type SyntaxNode = ValueNode | PropertyNode;
export type NodeType = SyntaxNode['type'];

// The builders' classes. Nodes are made by constructors, not object literals: V8 tracks literals'
// allocation sites and, once a large document's nodes all survived, allocates every later node of
// that site straight in the old generation ("pretenuring"), which made each small document's check
// after one 10 MB document about three times slower. Constructed objects carry no such site. The
// YAML-only members are declared, not initialized: JSON nodes never carry them, and YAML sets them
// on the few nodes they concern.

const NO_PROPERTIES: readonly PropertyNode[] = [];

export class BuiltObject implements ObjectNode {
  readonly type = 'object';
  /** Set once the object is read to its end. */
  length = 0;
  properties: readonly PropertyNode[] = NO_PROPERTIES;
  declare origin?: SyntaxNode;
  declare aliased?: boolean;
  declare sharedByAliases?: boolean;
  declare mergePairs?: MergePairSpan[];
  constructor(
    public offset: number,
    public parent: ParentNode | undefined,
  ) {}
}

export class BuiltArray implements ArrayNode {
  readonly type = 'array';
  length = 0;
  /** Set once the array is read to its end (a fresh array each: items may be replaced). */
  items: ValueNode[] = [];
  declare origin?: SyntaxNode;
  declare aliased?: boolean;
  declare sharedByAliases?: boolean;
  constructor(
    public offset: number,
    public parent: ParentNode | undefined,
  ) {}
}

export class BuiltProperty implements PropertyNode {
  readonly type = 'property';
  length = 0;
  value: ValueNode | undefined = undefined;
  declare origin?: SyntaxNode;
  declare aliased?: boolean;
  declare sharedByAliases?: boolean;
  constructor(
    public key: StringNode,
    public offset: number,
    public parent: ParentNode | undefined,
    public colonOffset: number | undefined,
  ) {}
}

/** One class for the four scalar kinds: one object shape for most of a tree's nodes. */
export class BuiltScalar<Type extends ScalarNode['type'], Value extends ScalarNode['value']> {
  declare origin?: SyntaxNode;
  declare aliased?: boolean;
  declare sharedByAliases?: boolean;
  constructor(
    readonly type: Type,
    readonly value: Value,
    public offset: number,
    public length: number,
    public parent: ParentNode | undefined,
  ) {}
}

export type BuiltString = BuiltScalar<'string', string>;
export type BuiltNumber = BuiltScalar<'number', number>;
export type BuiltBoolean = BuiltScalar<'boolean', boolean>;
export type BuiltNull = BuiltScalar<'null', null>;
export type BuiltScalarNode = BuiltString | BuiltNumber | BuiltBoolean | BuiltNull;
export type BuiltValue = BuiltObject | BuiltArray | BuiltScalarNode;
export type BuiltNode = BuiltValue | BuiltProperty;

export function stringNode(value: string, offset: number, length: number, parent: ParentNode | undefined): BuiltString {
  return new BuiltScalar('string', value, offset, length, parent);
}

export function numberNode(value: number, offset: number, length: number, parent: ParentNode | undefined): BuiltNumber {
  return new BuiltScalar('number', value, offset, length, parent);
}

export function booleanNode(value: boolean, offset: number, length: number, parent: ParentNode | undefined): BuiltBoolean {
  return new BuiltScalar('boolean', value, offset, length, parent);
}

export function nullNode(offset: number, length: number, parent: ParentNode | undefined): BuiltNull {
  return new BuiltScalar('null', null, offset, length, parent);
}
