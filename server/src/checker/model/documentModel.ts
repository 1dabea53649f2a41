// The one reading of an mcpdesc document that the rules, the quick-fixes and navigation share:
// tools → elicitation declarations → interaction examples → elicitation steps, each part keeping
// the tree nodes it was read from; resources, resource templates and prompts → their elicitation
// declarations. Reading compiles nothing and never throws on content: a part of
// the wrong JSON type is simply absent from the model (the rule says what is wrong with it).
//
// MCP Description 0.8.0: a primitive's `elicitations` is an array of declarations, each with a
// `name`; the declaration named N is the first object element whose `name` is the string N. A step's
// `declaration` is optional.
import { quote } from '../syntax/describe';
import {
  effectiveProperties,
  itemsOf,
  keyNodeOf,
  memberOf,
  propertyOf,
  stringOf,
  type ArrayNode,
  type MemberNode,
  type ObjectNode,
  type StringNode,
  type SyntaxNode,
  type ValueNode,
} from '../syntax/tree';

export type ElicitationMode = 'form' | 'url';
export type ResponseAction = 'accept' | 'decline' | 'cancel';

/** An element of the `elicitations` of a tool, resource, resource template or prompt. */
export interface ElicitationDeclaration<Owner extends Primitive = Primitive> {
  /** The primitive whose `elicitations` holds it. */
  owner: Owner;
  /** Its position in `elicitations`. */
  index: number;
  /** The array element, whatever its type. */
  node: ValueNode;
  /** The `name` value node, whatever its type (absent when there is no `name` member). */
  nameNode?: ValueNode;
  /** The name, when `name` is a string. */
  name?: string;
  /** An earlier element with the same name: this one is a duplicate, never found by a lookup. */
  duplicateOf?: ElicitationDeclaration<Owner>;
  /** The `mode` value node, whatever its type. */
  modeNode?: ValueNode;
  /** `mode` when it is exactly "form" or "url" (a declaration has no default mode). */
  mode?: ElicitationMode;
  /** The `requestedSchema` value node as written (possibly a `$componentRef`). */
  requestedSchemaNode?: ValueNode;
  /** The `url` value node, whatever its type. */
  urlNode?: ValueNode;
  /** The `message` value node, whatever its type. */
  messageNode?: ValueNode;
}

/** A tool's declaration: what the consistency rule, its fixes and navigation read. */
export interface Declaration extends ElicitationDeclaration<Tool> {
  tool: Tool;
  duplicateOf?: Declaration;
}

/** The primitives that may declare elicitations, by the root member that lists them. */
export const PRIMITIVE_COLLECTIONS = {
  tool: 'tools',
  resource: 'resources',
  resourceTemplate: 'resourceTemplates',
  prompt: 'prompts',
} as const;

export type PrimitiveKind = keyof typeof PRIMITIVE_COLLECTIONS;

export interface Primitive {
  kind: PrimitiveKind;
  node: ObjectNode;
  /** The document root the primitive belongs to (where `components` live). */
  root: SyntaxNode;
  /** Its position in its collection (`tools`, `resources`, …). */
  index: number;
  /** Its `name`, when it is a string. */
  name?: string;
  /**
   * How messages name it: `'prepare_release'`; where another object of the same collection has the
   * same name, with its `protocolVersions` or its index (`'prepare_release' (protocolVersions
   * <revision>)`); `tools[3]` when it has no name.
   */
  title: string;
  /**
   * What tells it apart from other objects of its collection with the same name (`protocolVersions
   * <revision>`, or `tools[3]`); absent when no other has its name.
   */
  scope?: string;
  /** The `elicitations` property (key and value), whatever the value's type. */
  elicitationsProperty?: MemberNode;
  /** Every element of `elicitations` when it is an array, in order. */
  declarations: ElicitationDeclaration[];
  /** Name → the first element declaring it (own keys only: no prototype names). */
  declarationsByName: Map<string, ElicitationDeclaration>;
  /** The `clientRequirements` value, whatever its type. */
  clientRequirements?: ValueNode;
  /** The `examples` property, whatever its value's type (an object is the map `namedExamples` reads). */
  examplesProperty?: MemberNode;
  /** The members of its `examples` map, each a value or a `$componentRef` into `components` (componentRef.ts). */
  namedExamples: NamedExample[];
}

/** A member of an examples map (a primitive's `examples`, §9.3; a tool's `interactionExamples`, §9.4), as written. */
export interface NamedExample {
  name: string;
  /** Its property in the map. */
  property: MemberNode;
}

export interface Tool extends Primitive {
  kind: 'tool';
  declarations: Declaration[];
  declarationsByName: Map<string, Declaration>;
  examples: Example[];
  /** The elicitation steps of every example, in document order. */
  steps: Step[];
}

/** An interaction example of a tool, with its elicitation steps (every step of any type: interactionStepsOf). */
export interface Example extends NamedExample {
  steps: Step[];
}

/**
 * A step of an interaction example of any type (`elicitation`, `sampling`, `roots`, …), as written:
 * what the whole-document rules check beside the elicitation steps the consistency rule reads.
 */
export interface InteractionStep {
  readonly example: NamedExample;
  /** Its position in the example's `steps`. */
  readonly index: number;
  readonly node: ObjectNode;
  /** The `type` value node, whatever its type. */
  readonly typeNode?: ValueNode;
  /** The type, when `type` is a string. */
  readonly type?: string;
  /** The `request` value node, whatever its type. */
  readonly requestNode?: ValueNode;
  /** The `response` value node, whatever its type. */
  readonly responseNode?: ValueNode;
  /** The step's `declaration`, when it is a string. */
  readonly declarationName?: string;
}

/**
 * A step read as the rules ask: its type and request at once (every rule asks them), its response
 * and declaration when asked (only some kinds of step are asked them; reading them for all of a
 * document's thousands of steps was a third of the semantic rule's reading).
 */
class StepReading implements InteractionStep {
  readonly typeNode?: ValueNode;
  readonly type?: string;
  readonly requestNode?: ValueNode;

  constructor(
    readonly example: NamedExample,
    readonly index: number,
    readonly node: ObjectNode,
  ) {
    this.typeNode = memberOf(node, 'type');
    this.type = stringOf(this.typeNode);
    this.requestNode = memberOf(node, 'request');
  }

  get responseNode(): ValueNode | undefined {
    return memberOf(this.node, 'response');
  }

  get declarationName(): string | undefined {
    return stringOf(memberOf(this.node, 'declaration'));
  }
}

export interface Step {
  tool: Tool;
  example: Example;
  node: ObjectNode;
  /** The `type` value node (always the string "elicitation"): the last-resort anchor. */
  typeNode: ValueNode;
  /** The `declaration` value node, whatever its type; absent when the step names none. */
  declarationNode?: ValueNode;
  /** The named declaration when `declaration` is a string. */
  declarationName?: string;
  /** The declaration that name finds in the step's own tool object. */
  declaration?: Declaration;
  requestProperty?: MemberNode;
  /** The request node when it is an object. */
  request?: ObjectNode;
  /** The request's effective mode: its `mode`, or "form" when absent; undefined when `mode` is not a string. */
  requestMode?: string;
  responseProperty?: MemberNode;
  /** The response node when it is an object. */
  response?: ObjectNode;
  actionNode?: ValueNode;
  /** The action when it is one of the three. */
  action?: ResponseAction;
  contentProperty?: MemberNode;
}

const ACTIONS: ReadonlySet<string> = new Set(['accept', 'decline', 'cancel']);

/** The effective `tools` array of a document root, when it is one. */
export function toolsArrayOf(root: SyntaxNode | undefined): ArrayNode | undefined {
  return collectionOf(root, 'tool');
}

/** The effective array of one kind of primitive (`tools`, `resources`, …) of a document root, when it is one. */
export function collectionOf(root: SyntaxNode | undefined, kind: PrimitiveKind): ArrayNode | undefined {
  const collection = memberOf(root, PRIMITIVE_COLLECTIONS[kind]);
  return collection?.type === 'array' ? collection : undefined;
}

/**
 * The object elements of one kind of primitive, each with its index in its collection: what the
 * whole-document rules walk (an element of another type is the schema rule's finding).
 */
export function primitiveObjectsOf(
  root: SyntaxNode | undefined,
  kind: PrimitiveKind,
): Array<{ node: ObjectNode; index: number }> {
  const objects: Array<{ node: ObjectNode; index: number }> = [];
  collectionOf(root, kind)?.items.forEach((node, index) => {
    if (node.type === 'object') objects.push({ node, index });
  });
  return objects;
}

/**
 * Every object of one kind of primitive, with its declarations only (a tool's examples are read by
 * readTools; a rule that needs only declarations does not pay for them).
 */
export function readPrimitives(root: SyntaxNode, kind: PrimitiveKind): Primitive[] {
  const elements = collectionOf(root, kind)?.items ?? [];
  const names = toolNameCounts(elements);
  const primitives: Primitive[] = [];
  elements.forEach((node, index) => {
    if (node.type === 'object') primitives.push(readPrimitive(root, kind, node, index, elements, names));
  });
  return primitives;
}

/** One object of a primitive collection, with its declarations; `siblings` and `nameCounts` only shape its title. */
export function readPrimitive(
  root: SyntaxNode,
  kind: PrimitiveKind,
  node: ObjectNode,
  index: number,
  siblings: readonly SyntaxNode[],
  nameCounts: ReadonlyMap<string, number>,
): Primitive {
  const primitive: Primitive = {
    kind,
    node,
    root,
    index,
    ...naming(PRIMITIVE_COLLECTIONS[kind], node, index, siblings, nameCounts),
    declarations: [],
    declarationsByName: new Map(),
    ...otherMembers(node),
  };
  primitive.elicitationsProperty = propertyOf(node, 'elicitations');
  readDeclarations(primitive);
  return primitive;
}

/** Every tool object of a document root, read; elements that are not objects are skipped. */
export function readTools(root: SyntaxNode | undefined): Tool[] {
  const elements = toolsArrayOf(root)?.items ?? [];
  const names = toolNameCounts(elements);
  const tools: Tool[] = [];
  elements.forEach((node, index) => {
    if (node.type === 'object') tools.push(readTool(root!, node, index, elements, names));
  });
  return tools;
}

/** How many objects of a collection carry each name, for telling same-named ones apart in messages. */
export function toolNameCounts(elements: readonly SyntaxNode[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const element of elements) {
    const name = stringOf(memberOf(element, 'name'));
    if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

/** One tool object; `siblings` and `nameCounts` (of the whole `tools` array) only shape its title. */
export function readTool(
  root: SyntaxNode,
  node: ObjectNode,
  index: number,
  siblings: readonly SyntaxNode[],
  nameCounts: ReadonlyMap<string, number>,
): Tool {
  const tool: Tool = {
    kind: 'tool',
    node,
    root,
    index,
    ...naming('tools', node, index, siblings, nameCounts),
    elicitationsProperty: propertyOf(node, 'elicitations'),
    declarations: [],
    declarationsByName: new Map(),
    ...otherMembers(node),
    examples: [],
    steps: [],
  };
  readDeclarations(tool);
  readExamples(tool);
  return tool;
}

/** What a primitive has besides its declarations: its client requirements and named examples. */
function otherMembers(node: ObjectNode): Pick<Primitive, 'clientRequirements' | 'examplesProperty' | 'namedExamples'> {
  return { clientRequirements: memberOf(node, 'clientRequirements'), ...examplesOf(node) };
}

/**
 * A primitive object's `examples` as the model reads them, without the rest of the primitive: what
 * the root's checks of resources, resource templates and prompts walk. Sharing whole primitives
 * read once between those checks cost the semantics rule 3-6% on 5,000 resources, templates and
 * prompts (measured against reading only their examples, which costs what the raw reads did).
 */
export function examplesOf(node: ObjectNode): Pick<Primitive, 'examplesProperty' | 'namedExamples'> {
  const examplesProperty = propertyOf(node, 'examples');
  return { examplesProperty, namedExamples: namedExamplesIn(examplesProperty?.value) };
}

/** The members of an examples map (`examples`, `interactionExamples`), as written; none unless it is an object. */
function namedExamplesIn(map: ValueNode | undefined): NamedExample[] {
  const examples: NamedExample[] = [];
  for (const [name, property] of effectiveProperties(map)) examples.push({ name, property });
  return examples;
}

/** A primitive's name, title and (among same-named ones) scope. */
function naming(
  collection: string,
  node: SyntaxNode,
  index: number,
  siblings: readonly SyntaxNode[],
  nameCounts: ReadonlyMap<string, number>,
): Pick<Primitive, 'name' | 'title' | 'scope'> {
  const name = stringOf(memberOf(node, 'name'));
  if (name === undefined) return { title: `${collection}[${index}]` };
  const scope = distinguishingScope(collection, node, index, name, siblings, nameCounts);
  return scope === undefined ? { name, title: quote(name) } : { name, title: `${quote(name)} (${scope})`, scope };
}

function distinguishingScope(
  collection: string,
  node: SyntaxNode,
  index: number,
  name: string,
  siblings: readonly SyntaxNode[],
  nameCounts: ReadonlyMap<string, number>,
): string | undefined {
  if ((nameCounts.get(name) ?? 0) < 2) return undefined;
  const versions = protocolVersionsText(node);
  // The scope tells same-named objects apart only when no other of them has the same one.
  const unique =
    versions !== undefined &&
    !siblings.some(
      (other) => other !== node && stringOf(memberOf(other, 'name')) === name && protocolVersionsText(other) === versions,
    );
  return unique ? `protocolVersions ${versions}` : `${collection}[${index}]`;
}

function protocolVersionsText(node: SyntaxNode): string | undefined {
  const versions = memberOf(node, 'protocolVersions');
  if (versions?.type !== 'array' || versions.items.length === 0) return undefined;
  const texts = versions.items.map(stringOf);
  return texts.every((text) => text !== undefined) ? texts.join(', ') : undefined;
}

function readDeclarations(owner: Primitive): void {
  const elicitations = owner.elicitationsProperty?.value;
  if (elicitations?.type !== 'array') return;
  elicitations.items.forEach((node, index) => {
    // A tool's declarations are also read as the tool's (`tool`), as the consistency rule and navigation use them.
    const declaration: ElicitationDeclaration =
      owner.kind === 'tool' ? ({ owner, tool: owner as Tool, index, node } as Declaration) : { owner, index, node };
    if (node.type === 'object') {
      declaration.nameNode = memberOf(node, 'name');
      declaration.name = stringOf(declaration.nameNode);
      declaration.modeNode = memberOf(node, 'mode');
      const mode = stringOf(declaration.modeNode);
      if (mode === 'form' || mode === 'url') declaration.mode = mode;
      declaration.requestedSchemaNode = memberOf(node, 'requestedSchema');
      declaration.urlNode = memberOf(node, 'url');
      declaration.messageNode = memberOf(node, 'message');
      if (declaration.name !== undefined) {
        const first = owner.declarationsByName.get(declaration.name);
        if (first) declaration.duplicateOf = first;
        else owner.declarationsByName.set(declaration.name, declaration);
      }
    }
    owner.declarations.push(declaration);
  });
}

function readExamples(tool: Tool): void {
  for (const named of namedExamplesIn(memberOf(tool.node, 'interactionExamples'))) {
    const example: Example = { ...named, steps: [] };
    tool.examples.push(example);
    const stepNodes = memberOf(named.property.value, 'steps');
    if (stepNodes?.type !== 'array') continue;
    for (const stepNode of stepNodes.items) {
      if (stepNode.type !== 'object') continue;
      const typeNode = memberOf(stepNode, 'type');
      if (!typeNode || stringOf(typeNode) !== 'elicitation') continue;
      const step = readStep(tool, example, stepNode, typeNode);
      example.steps.push(step);
      tool.steps.push(step);
    }
  }
}

function readStep(tool: Tool, example: Example, node: ObjectNode, typeNode: ValueNode): Step {
  const step: Step = { tool, example, node, typeNode };
  step.declarationNode = memberOf(node, 'declaration');
  step.declarationName = stringOf(step.declarationNode);
  // Map lookups are own-key lookups: 'toString' or '__proto__' are found only when really declared.
  if (step.declarationName !== undefined) step.declaration = tool.declarationsByName.get(step.declarationName);

  step.requestProperty = propertyOf(node, 'request');
  const request = step.requestProperty?.value;
  step.request = request?.type === 'object' ? request : undefined;
  const modeNode = memberOf(step.request, 'mode');
  step.requestMode = modeNode ? stringOf(modeNode) : 'form';

  step.responseProperty = propertyOf(node, 'response');
  const response = step.responseProperty?.value;
  step.response = response?.type === 'object' ? response : undefined;
  step.actionNode = memberOf(step.response, 'action');
  const action = stringOf(step.actionNode);
  if (action !== undefined && ACTIONS.has(action)) step.action = action as ResponseAction;
  step.contentProperty = propertyOf(step.response, 'content');
  return step;
}

/**
 * A tool's interaction examples as written, without their steps: what the whole-document rules walk
 * (a tool read by readTool has them with its elicitation steps, `Tool.examples`).
 */
export function interactionExamplesOf(tool: Primitive): NamedExample[] {
  let examples = interactionExamplesRead.get(tool);
  if (!examples) {
    examples = namedExamplesIn(memberOf(tool.node, 'interactionExamples'));
    interactionExamplesRead.set(tool, examples);
  }
  return examples;
}

/** Each primitive's interaction examples, read once for the checks that walk them (a primitive is one check's reading). */
const interactionExamplesRead = new WeakMap<Primitive, NamedExample[]>();

/**
 * Every step of an example that is an object, of any type, in order: read when asked (the
 * consistency rule reads the elicitation steps alone, `Example.steps`).
 */
export function interactionStepsOf(example: NamedExample): InteractionStep[] {
  const steps: InteractionStep[] = [];
  itemsOf(memberOf(example.property.value, 'steps')).forEach((node, index) => {
    if (node.type === 'object') steps.push(new StepReading(example, index, node));
  });
  return steps;
}

/** The `name` key's sibling value node, else the element: where a declaration's problems are shown. */
export function declarationAnchor(declaration: Declaration): ValueNode {
  return declaration.nameNode ?? declaration.node;
}

/** The key node of the primitive's `elicitations` member. */
export function elicitationsKeyOf(primitive: Primitive): StringNode | undefined {
  return keyNodeOf(primitive.elicitationsProperty);
}
