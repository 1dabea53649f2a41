// Rule mcpdesc.document.semantics, the checks of a tool's interaction examples that MCP
// Description 0.8.0 §9.4 states and a schema cannot: every represented field valid in every
// revision of the tool's effective scope, steps that agree with the tool's explicit
// clientRequirements (a SHOULD-warn), roots that are file:// URIs. Each kind names the official
// validator's code for the same problem. It reads what it can: a step of the wrong shape is the
// schema rule's to report, and gives nothing here.
import { readPrimitive, type ElicitationDeclaration } from '../../model/documentModel';
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

/** The findings of the tool `tool`, element `index` of the root's `tools`. */
export function checkToolSemantics(root: SyntaxNode, tool: SyntaxNode, index: number): SemanticFinding[] {
  const findings: SemanticFinding[] = [];
  if (tool.type !== 'object') return findings;
  const examples = memberOf(tool, 'interactionExamples');
  if (examples?.type !== 'object') return findings;
  const scope = primitiveScope(tool, root)?.versions ?? [];
  const requirements = memberOf(tool, 'clientRequirements');
  // The tool's declarations by name, read from the model once, when a step first asks: only a
  // url-mode step does. The title the model gives the tool is not read, so nothing shapes it.
  let declarations: ReadonlyMap<string, ElicitationDeclaration> | undefined;
  const declarationsByName = () => (declarations ??= readPrimitive(root, 'tool', tool, index, [], new Map()).declarationsByName);
  for (const exampleName of effectiveProperties(examples).keys()) {
    const steps = memberOf(memberOf(examples, exampleName), 'steps');
    if (steps?.type !== 'array') continue;
    itemsOf(steps).forEach((step, stepIndex) => {
      if (step.type !== 'object') return;
      const stepPath = ['tools', index, 'interactionExamples', exampleName, 'steps', stepIndex] as const;
      const context: StepContext = { root, declarationsByName, step, stepPath, scope, findings };
      checkRevisions(context);
      if (requirements?.type === 'object') checkRequirements(context, requirements);
      checkRoots(context);
    });
  }
  return findings;
}

interface StepContext {
  root: SyntaxNode;
  /** The tool's declarations by name, as the model reads them. */
  declarationsByName: () => ReadonlyMap<string, ElicitationDeclaration>;
  step: SyntaxNode;
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
  const type = stringOf(memberOf(step, 'type'));
  const typeNode = memberOf(step, 'type')!;
  const request = memberOf(step, 'request');
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
    const declarationName = stringOf(memberOf(step, 'declaration'));
    const declaration = declarationName === undefined ? undefined : context.declarationsByName().get(declarationName);
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
  const type = stringOf(memberOf(step, 'type'));
  const typeNode = memberOf(step, 'type')!;
  const request = memberOf(step, 'request');
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
  if (stringOf(memberOf(step, 'type')) !== 'roots') return;
  const roots = memberOf(memberOf(step, 'response'), 'roots');
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
