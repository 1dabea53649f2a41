// What the rule learns about a tool while walking it; findings keep references into it so that the
// quick-fixes can be built later from the same parse.
import type { CompiledSchema } from '../schemaValidator';
import type { JsonValue, SyntaxNode } from '../tree';
import type { ViolationKind } from '../types';

export type ElicitationMode = 'form' | 'url';

export interface Declaration {
  name: string;
  /** The property node in `elicitations` (its first child is the name key, the anchor of kind 9). */
  property: SyntaxNode;
  value: SyntaxNode;
  /** Set when the declaration is unusable (kind 9); steps referencing it get no kinds 2-4. */
  problem?: string;
  /** Effective mode; undefined when `mode` is present but neither form nor url. */
  mode?: ElicitationMode;
  /** Form mode: the requested schema, its value and its compiled validator. */
  schemaNode?: SyntaxNode;
  schema?: JsonValue;
  compiled?: CompiledSchema;
  /** Url mode: the declared url node, if any. */
  urlNode?: SyntaxNode;
}

export interface Tool {
  node: SyntaxNode;
  /** For messages: the tool's `name`, or its position in `tools`. */
  label: string;
  /** The `elicitations` value node, whatever its type. */
  elicitations?: SyntaxNode;
  declarations: Map<string, Declaration>;
}

export interface Step {
  tool: Tool;
  node: SyntaxNode;
  /** The `type` value node: always present (the step is an elicitation step), the last-resort anchor. */
  typeNode: SyntaxNode;
  declarationNode?: SyntaxNode;
  /** The referenced name when `declaration` is a string. */
  declarationName?: string;
  declaration?: Declaration;
  requestProperty?: SyntaxNode;
  /** The request node when it is an object. */
  request?: SyntaxNode;
  /** Effective mode of the request: `mode`, or 'form' when absent; undefined when `mode` is not a string. */
  requestMode?: string;
  responseProperty?: SyntaxNode;
  /** The response node when it is an object. */
  response?: SyntaxNode;
  /** The `action` string when it is one of the three actions. */
  action?: 'accept' | 'decline' | 'cancel';
  actionNode?: SyntaxNode;
  contentProperty?: SyntaxNode;
}

export interface Finding {
  violation: ViolationKind;
  offset: number;
  length: number;
  message: string;
  tool: Tool;
  step?: Step;
  declaration?: Declaration;
}
