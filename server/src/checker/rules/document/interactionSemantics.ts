// Rule mcpdesc.document.semantics, the checks of a tool's interaction examples that MCP
// Description 0.8.0 §9.4 states and a schema cannot: every represented field valid in every
// revision of the tool's effective scope, steps that agree with the tool's explicit
// clientRequirements (a SHOULD-warn), roots that are file:// URIs. Each kind names the official
// validator's code for the same problem. It reads what it can: a step of the wrong shape is the
// schema rule's to report, and gives nothing here.
import { interactionExamplesOf, interactionStepsOf, type InteractionStep, type Primitive } from '../../model/documentModel';
import { primitiveScope } from '../../model/protocolScope';
import {
  effectiveProperties,
  keyNodeOf,
  memberOf,
  propertyOf,
  stringOf,
  itemsOf,
  scalarOf,
  type SyntaxNode,
} from '../../syntax/tree';
import { pointerOf, readablePath } from './pointers';
import { MCP } from '../../mcp/revisions';
import type { SemanticFinding, SemanticKind } from './semanticFinding';

/** The findings of the steps of every type of a tool's interaction examples. */
export function checkToolSemantics(tool: Primitive): SemanticFinding[] {
  const findings: SemanticFinding[] = [];
  const examples = interactionExamplesOf(tool);
  if (examples.length === 0) return findings;
  const scope = primitiveScope(tool.node, tool.root)?.versions ?? [];
  const requirements = tool.clientRequirements;
  for (const example of examples) {
    for (const step of interactionStepsOf(example)) {
      const stepPath = ['tools', tool.index, 'interactionExamples', example.name, 'steps', step.index] as const;
      const context: StepContext = { tool, step, stepPath, scope, findings };
      checkRevisions(context);
      if (requirements?.type === 'object') checkRequirements(context, requirements);
      checkRoots(context);
    }
  }
  return findings;
}

interface StepContext {
  /** The tool, whose declarations a url-mode step may name. */
  tool: Primitive;
  step: InteractionStep;
  stepPath: ReadonlyArray<string | number>;
  scope: readonly string[];
  findings: SemanticFinding[];
}

function report(
  context: StepContext,
  kind: SemanticKind,
  node: SyntaxNode,
  relative: ReadonlyArray<string | number>,
  message: string,
): void {
  context.findings.push({
    kind,
    offset: node.offset,
    length: node.length,
    message,
    pointer: pointerOf(...context.stepPath, ...relative),
  });
}

function where(context: StepContext): string {
  return readablePath(pointerOf(...context.stepPath));
}

function revisionWords(revisions: readonly string[]): string {
  return `MCP ${revisions.join(' and ')}`;
}

function checkRevisions(context: StepContext): void {
  const { step, scope } = context;
  const { type } = step;
  const typeNode = step.typeNode!;
  const request = step.requestNode;
  if (type === 'elicitation') {
    const without = scope.filter((revision) => MCP.predates(revision, 'elicitation'));
    if (without.length > 0) {
      report(
        context,
        'step-revision-mismatch',
        typeNode,
        ['type'],
        `${where(context)} is an elicitation step, but ${revisionWords(without)} ${without.length === 1 ? 'has' : 'have'} no elicitation, and the tool applies to ${scopeWords(context)}; scope the tool to ${MCP.introducedIn('elicitation')} and later, or split it into protocol-scoped variants.`,
      );
    }
    const modeNode = memberOf(request, 'mode');
    if (stringOf(modeNode) !== 'url') return;
    // A step naming a url-mode declaration is covered by that declaration's own revision-mismatch
    // (mcpdesc.elicitation.declaration-validity): reported once, there.
    const declarationName = step.declarationName;
    const declaration = declarationName === undefined ? undefined : context.tool.declarationsByName.get(declarationName);
    if (declaration?.mode === 'url') return;
    // Revisions without elicitation at all were reported above.
    const withoutUrl = scope.filter((revision) => MCP.has(revision, 'elicitation') && !MCP.has(revision, 'elicitation.url'));
    if (withoutUrl.length > 0) {
      report(
        context,
        'step-revision-mismatch',
        modeNode!,
        ['request', 'mode'],
        `${where(context)} uses url mode, which ${revisionWords(withoutUrl)} does not have (url-mode elicitation came with ${MCP.introducedIn('elicitation.url')}), and the tool applies to ${scopeWords(context)}.`,
      );
    }
  } else if (type === 'sampling' && request?.type === 'object') {
    const field = propertyOf(request, 'tools') ? 'tools' : propertyOf(request, 'toolChoice') ? 'toolChoice' : undefined;
    if (!field) return;
    const without = scope.filter((revision) => MCP.predates(revision, 'sampling.tools'));
    if (without.length > 0) {
      report(
        context,
        'step-revision-mismatch',
        keyNodeOf(propertyOf(request, field))!,
        ['request', field],
        `${where(context)} uses sampling '${field}', which ${revisionWords(without)} does not have (tool use in sampling came with ${MCP.introducedIn('sampling.tools')}), and the tool applies to ${scopeWords(context)}.`,
      );
    }
  }
}

function scopeWords(context: StepContext): string {
  return `${context.scope.join(', ')}`;
}

function checkRequirements(context: StepContext, requirements: SyntaxNode): void {
  const { step } = context;
  const { type } = step;
  const typeNode = step.typeNode!;
  const request = step.requestNode;
  const warn = (node: SyntaxNode, relative: ReadonlyArray<string | number>, message: string) =>
    report(context, 'client-requirements-contradiction', node, relative, `${where(context)} ${message}`);
  if (type === 'roots') {
    if (!propertyOf(requirements, 'roots'))
      warn(typeNode, ['type'], "illustrates roots, but the tool's clientRequirements do not declare roots.");
    return;
  }
  if (type === 'sampling') {
    const sampling = propertyOf(requirements, 'sampling');
    if (!sampling) {
      warn(typeNode, ['type'], "illustrates sampling, but the tool's clientRequirements do not declare sampling.");
      return;
    }
    if (request?.type !== 'object') return;
    const samplingValue = memberOf(requirements, 'sampling');
    const field = propertyOf(request, 'tools') ? 'tools' : propertyOf(request, 'toolChoice') ? 'toolChoice' : undefined;
    if (field && !propertyOf(samplingValue, 'tools')) {
      warn(
        keyNodeOf(propertyOf(request, field))!,
        ['request', field],
        "uses tools in sampling, but the tool's clientRequirements do not declare sampling.tools.",
      );
    }
    const includeContext = memberOf(request, 'includeContext');
    if (
      includeContext &&
      !(includeContext.type === 'string' && (includeContext.value === 'none' || includeContext.value === '')) &&
      includeContext.type !== 'null' &&
      scalarOf(includeContext) !== false &&
      scalarOf(includeContext) !== 0 &&
      !propertyOf(samplingValue, 'context')
    ) {
      warn(
        includeContext,
        ['request', 'includeContext'],
        "asks for context inclusion, but the tool's clientRequirements do not declare sampling.context.",
      );
    }
    return;
  }
  if (type === 'elicitation') {
    const elicitation = propertyOf(requirements, 'elicitation');
    if (!elicitation) {
      warn(typeNode, ['type'], "illustrates elicitation, but the tool's clientRequirements do not declare elicitation.");
      return;
    }
    const elicitationValue = memberOf(requirements, 'elicitation');
    const modeNode = memberOf(request, 'mode');
    const mode = stringOf(modeNode);
    if (mode === 'url' && !propertyOf(elicitationValue, 'url')) {
      warn(
        modeNode!,
        ['request', 'mode'],
        "uses url-mode elicitation, but the tool's clientRequirements do not declare elicitation.url.",
      );
    }
    if (mode === 'form' && effectiveProperties(elicitationValue).size > 0 && !propertyOf(elicitationValue, 'form')) {
      warn(
        modeNode!,
        ['request', 'mode'],
        "uses form-mode elicitation, but the tool's clientRequirements declare elicitation modes without elicitation.form.",
      );
    }
  }
}

function checkRoots(context: StepContext): void {
  const { step } = context;
  if (step.type !== 'roots') return;
  const roots = memberOf(step.responseNode, 'roots');
  if (roots?.type !== 'array') return;
  itemsOf(roots).forEach((rootEntry, rootIndex) => {
    const uriNode = memberOf(rootEntry, 'uri');
    const uri = stringOf(uriNode);
    if (uri !== undefined && !uri.startsWith('file://')) {
      report(
        context,
        'roots-uri',
        uriNode!,
        ['response', 'roots', rootIndex, 'uri'],
        `${where(context)}.response.roots[${rootIndex}].uri must be a file:// URI (MCP roots are file system roots), not '${uri.length > 80 ? `${uri.slice(0, 79)}…` : uri}'.`,
      );
    }
  });
}
