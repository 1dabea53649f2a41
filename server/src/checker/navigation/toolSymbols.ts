// A tool's names as the checker reads them: its declarations (the effective members of
// `elicitations`, last duplicate winning) and the elicitation steps that refer to them. The walk over
// examples and steps is the rule's: effective members only, steps whose `type` is "elicitation".
// Nothing here compiles a schema: navigation must stay fast on a tool with thousands of declarations.
import { effectiveProperties, keyNodeOf, memberOf, stringOf, type SyntaxNode } from '../tree';

export interface ElicitationStep {
  node: SyntaxNode;
  /** The example's name (its key in `interactionExamples`). */
  example: string;
  /** The `declaration` value node, when it is a string. */
  declarationNode?: SyntaxNode;
  declarationName?: string;
}

export interface ToolSymbols {
  node: SyntaxNode;
  /** For messages: the tool's `name`, or its position in `tools` (as the rule says it). */
  label: string;
  /** Name -> the effective property in `elicitations`, in the order names first appear. */
  declarations: Map<string, SyntaxNode>;
  /** Every key of `elicitations` with a value, duplicates included, in document order. */
  keys: SyntaxNode[];
  steps: ElicitationStep[];
}

export function toolLabel(toolNode: SyntaxNode, index: number): string {
  return stringOf(memberOf(toolNode, 'name')) ?? `tools[${index}]`;
}

export function readToolSymbols(toolNode: SyntaxNode, index: number): ToolSymbols {
  const elicitations = memberOf(toolNode, 'elicitations');
  const keys: SyntaxNode[] = [];
  if (elicitations?.type === 'object') {
    for (const property of elicitations.children ?? []) {
      const key = keyNodeOf(property);
      if (key && typeof key.value === 'string' && property.children?.[1]) keys.push(key);
    }
  }
  return {
    node: toolNode,
    label: toolLabel(toolNode, index),
    declarations: effectiveProperties(elicitations),
    keys,
    steps: elicitationSteps(toolNode),
  };
}

export function elicitationSteps(toolNode: SyntaxNode): ElicitationStep[] {
  const steps: ElicitationStep[] = [];
  for (const [example, property] of effectiveProperties(memberOf(toolNode, 'interactionExamples'))) {
    const stepsNode = memberOf(property.children![1], 'steps');
    if (stepsNode?.type !== 'array') continue;
    for (const node of stepsNode.children ?? []) {
      if (stringOf(memberOf(node, 'type')) !== 'elicitation') continue;
      const declarationNode = memberOf(node, 'declaration');
      const declarationName = stringOf(declarationNode);
      steps.push(declarationName === undefined ? { node, example } : { node, example, declarationNode, declarationName });
    }
  }
  return steps;
}

/** The steps naming `name`. */
export function referencesTo(symbols: ToolSymbols, name: string): ElicitationStep[] {
  return symbols.steps.filter((step) => step.declarationName === name);
}

/** Every key spelling `name` (a name declared twice has two keys; the last one is the declaration). */
export function keysOf(symbols: ToolSymbols, name: string): SyntaxNode[] {
  return symbols.keys.filter((key) => key.value === name);
}

/** The effective declaration's key of `name`, if the tool declares it. */
export function definitionKeyOf(symbols: ToolSymbols, name: string): SyntaxNode | undefined {
  return keyNodeOf(symbols.declarations.get(name));
}
