// Named prompt examples (MCP Description 0.8.0 §11.3) and completion examples of prompts and
// resource templates (§11.4, §10): arguments the prompt declares, results that are completed and
// carry only what every revision of the scope defines. A prompt example given by a
// `$componentRef` is read through it (the finding then sits on the reference); a reference that
// does not resolve is componentReferences.ts' to report. Kinds are the official validator's codes.
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
import { primitiveScope } from '../../model/protocolScope';
import { pointerOf, readablePath } from './pointers';
import type { SemanticFinding, SemanticKind as Kind } from './semanticFinding';
import { FindingCollector, type Path } from './findingCollector';
import { MCP } from '../../mcp/revisions';
import { throughComponentRefs } from '../../model/componentRef';
import { examplesOf, PRIMITIVE_COLLECTIONS, primitiveObjectsOf, type NamedExample } from '../../model/documentModel';
import { templateVariables } from './uriTemplate';

const ENVELOPE = ['jsonrpc', 'id', 'error'];
const INCOMPLETE = ['task', 'inputRequests', 'requestState'];

/** The findings of every prompt's examples and completion examples, and every resource template's completion examples. */
export function checkPromptAndCompletionExamples(root: SyntaxNode): SemanticFinding[] {
  const collected = new FindingCollector();
  if (root.type !== 'object') return [];
  for (const kind of ['prompt', 'resourceTemplate'] as const) {
    const collection = PRIMITIVE_COLLECTIONS[kind];
    for (const { node: primitive, index } of primitiveObjectsOf(root, kind)) {
      const scope = primitiveScope(primitive, root)?.versions ?? [];
      if (collection === 'prompts')
        checkPromptExamples(root, primitive, examplesOf(primitive).namedExamples, index, scope, collected);
      checkCompletionExamples(primitive, collection, index, scope, collected);
    }
  }
  return collected.findings();
}

/** The prompt's declared arguments by name (the last of a name, as a map of them would keep). */
function declaredArguments(prompt: SyntaxNode): Map<string, SyntaxNode> {
  const declared = new Map<string, SyntaxNode>();
  const list = memberOf(prompt, 'arguments');
  if (list?.type !== 'array') return declared;
  for (const argument of itemsOf(list)) {
    const name = stringOf(memberOf(argument, 'name'));
    if (name !== undefined) declared.set(name, argument);
  }
  return declared;
}

function checkPromptExamples(
  root: SyntaxNode,
  prompt: SyntaxNode,
  examples: readonly NamedExample[],
  index: number,
  scope: readonly string[],
  collected: FindingCollector,
): void {
  if (examples.length === 0) return;
  const declared = declaredArguments(prompt);
  for (const { name, property } of examples) {
    const resolved = throughComponentRefs(root, property.value, 'promptExamples');
    if (resolved?.value.type !== 'object') continue;
    const { value: example, via } = resolved;
    const path: Path = ['prompts', index, 'examples', name];
    const where = readablePath(pointerOf(...path));
    const at = (node: SyntaxNode | undefined, fallback: SyntaxNode) => via ?? node ?? fallback;
    const exampleKey = property.key;
    const argumentsValue = memberOf(example, 'arguments');
    if (argumentsValue?.type === 'object') {
      for (const argument of effectiveProperties(argumentsValue).keys()) {
        if (!declared.has(argument)) {
          collected.add(
            'prompt-example-unknown-argument',
            at(keyNodeOf(propertyOf(argumentsValue, argument)), exampleKey),
            [...path, 'arguments', argument],
            () => `${where}.arguments has '${argument}', which the prompt does not declare.`,
          );
        }
      }
    }
    for (const [argument, declaration] of declared) {
      if (scalarOf(memberOf(declaration, 'required')) !== true) continue;
      if (argumentsValue?.type === 'object' && propertyOf(argumentsValue, argument)) continue;
      const anchor = at(keyNodeOf(propertyOf(example, 'arguments')), exampleKey);
      collected.add(
        'prompt-example-missing-required-argument',
        anchor,
        [...path, 'arguments', argument],
        () => `${where}.arguments is missing the required prompt argument '${argument}'.`,
      );
    }
    const result = memberOf(example, 'result');
    if (result?.type !== 'object') continue;
    const resultPath: Path = [...path, 'result'];
    const resultKey = keyNodeOf(propertyOf(example, 'result'))!;
    checkCompletedResult(
      result,
      resultPath,
      `${where}.result`,
      scope,
      collected,
      {
        envelope: 'prompt-example-json-rpc-envelope',
        incomplete: 'incomplete-prompt-example-result',
        version: 'prompt-example-result-version-mismatch',
      },
      (node) => at(node, resultKey),
    );
    const messages = memberOf(result, 'messages');
    if (messages?.type !== 'array') continue;
    itemsOf(messages).forEach((message, messageIndex) => {
      const content = memberOf(message, 'content');
      if (content?.type !== 'object') return;
      checkContentRevisions(content, [...resultPath, 'messages', messageIndex, 'content'], scope, collected, (node) =>
        at(node, content),
      );
    });
  }
}

interface ResultKinds {
  envelope: Kind;
  incomplete: Kind;
  version: Kind;
}

function checkCompletedResult(
  result: SyntaxNode,
  path: Path,
  where: string,
  scope: readonly string[],
  collected: FindingCollector,
  kinds: ResultKinds,
  at: (node: SyntaxNode | undefined) => SyntaxNode,
): void {
  for (const field of ENVELOPE) {
    const key = keyNodeOf(propertyOf(result, field));
    if (key)
      collected.add(
        kinds.envelope,
        at(key),
        [...path, field],
        () => `${where} must not contain the JSON-RPC envelope field '${field}'.`,
      );
  }
  for (const field of INCOMPLETE) {
    const key = keyNodeOf(propertyOf(result, field));
    if (key)
      collected.add(
        kinds.incomplete,
        at(key),
        [...path, field],
        () => `${where} must not contain '${field}': an example shows a completed result.`,
      );
  }
  const resultType = propertyOf(result, 'resultType');
  for (const revision of scope) {
    // A resultType other than "complete" is the schema rule's to report.
    if (MCP.has(revision, 'result.resultType') && !resultType) {
      collected.add(
        kinds.version,
        at(undefined),
        [...path, 'resultType'],
        (revisions) => `${where} must have resultType "complete" for ${revisions}.`,
        revision,
      );
    }
    if (MCP.isKnown(revision) && !MCP.has(revision, 'result.resultType') && resultType) {
      collected.add(
        kinds.version,
        at(keyNodeOf(resultType)),
        [...path, 'resultType'],
        (revisions, plural) =>
          `${where}.resultType is not defined for ${revisions}; ${plural ? 'they need' : 'it needs'} a result without it (split the primitive into protocol-scoped variants).`,
        revision,
      );
    }
    const meta = keyNodeOf(propertyOf(result, '_meta'));
    if (meta && MCP.predates(revision, '_meta')) {
      collected.add(
        kinds.version,
        at(meta),
        [...path, '_meta'],
        (revisions) => `${where}._meta is not defined for ${revisions}.`,
        revision,
      );
    }
  }
}

/** What a prompt message's content block may carry in each revision. */
function checkContentRevisions(
  content: SyntaxNode,
  path: Path,
  scope: readonly string[],
  collected: FindingCollector,
  at: (node: SyntaxNode | undefined) => SyntaxNode,
): void {
  const where = readablePath(pointerOf(...path));
  const type = stringOf(memberOf(content, 'type'));
  const typeNode = memberOf(content, 'type');
  const kind: Kind = 'prompt-example-content-version-mismatch';
  for (const revision of scope) {
    if (typeNode && type === 'audio' && MCP.predates(revision, 'content.audio')) {
      collected.add(
        kind,
        at(typeNode),
        [...path, 'type'],
        (revisions) => `${where} is audio content, which ${revisions} does not define.`,
        revision,
      );
    }
    if (typeNode && type === 'resource_link' && MCP.predates(revision, 'content.resource-link')) {
      collected.add(
        kind,
        at(typeNode),
        [...path, 'type'],
        (revisions) => `${where} is resource-link content, which ${revisions} does not define.`,
        revision,
      );
    }
    const meta = keyNodeOf(propertyOf(content, '_meta'));
    if (meta && MCP.predates(revision, '_meta')) {
      collected.add(
        kind,
        at(meta),
        [...path, '_meta'],
        (revisions) => `${where}._meta is not defined for ${revisions}.`,
        revision,
      );
    }
    const resourceMeta = type === 'resource' ? keyNodeOf(propertyOf(memberOf(content, 'resource'), '_meta')) : undefined;
    if (resourceMeta && MCP.predates(revision, '_meta')) {
      collected.add(
        kind,
        at(resourceMeta),
        [...path, 'resource', '_meta'],
        (revisions) => `${where}.resource._meta is not defined for ${revisions}.`,
        revision,
      );
    }
    const icons = memberOf(content, 'icons');
    if (type === 'resource_link' && icons?.type === 'array' && MCP.predates(revision, 'icons')) {
      collected.add(
        kind,
        at(keyNodeOf(propertyOf(content, 'icons'))),
        [...path, 'icons'],
        (revisions) => `${where}.icons is not defined for ${revisions}.`,
        revision,
      );
    }
    const lastModified = keyNodeOf(propertyOf(memberOf(content, 'annotations'), 'lastModified'));
    if (lastModified && MCP.predates(revision, 'annotations.lastModified')) {
      collected.add(
        kind,
        at(lastModified),
        [...path, 'annotations', 'lastModified'],
        (revisions) => `${where}.annotations.lastModified is not defined for ${revisions}.`,
        revision,
      );
    }
  }
}

function checkCompletionExamples(
  owner: SyntaxNode,
  collection: 'prompts' | 'resourceTemplates',
  index: number,
  scope: readonly string[],
  collected: FindingCollector,
): void {
  const examples = memberOf(owner, 'completionExamples');
  if (examples?.type !== 'object') return;
  const isPrompt = collection === 'prompts';
  const allowed = completionTargets(owner, collection, index, collected);
  for (const name of effectiveProperties(examples).keys()) {
    const example = memberOf(examples, name)!;
    if (example.type !== 'object') continue;
    const path: Path = [collection, index, 'completionExamples', name];
    const where = readablePath(pointerOf(...path));
    const exampleKey = keyNodeOf(propertyOf(examples, name))!;
    const targetNode = memberOf(memberOf(example, 'argument'), 'name');
    const target = stringOf(targetNode);
    if (target !== undefined && allowed && !allowed.has(target)) {
      if (isPrompt)
        collected.add(
          'prompt-completion-example-unknown-argument',
          targetNode!,
          [...path, 'argument', 'name'],
          () => `${where}.argument.name is '${target}', which the prompt does not declare.`,
        );
      else
        collected.add(
          'resource-template-completion-example-unknown-variable',
          targetNode!,
          [...path, 'argument', 'name'],
          () => `${where}.argument.name is '${target}', which is not a variable of the resource template's uriTemplate.`,
        );
    }
    checkContextArguments(example, path, where, target, isPrompt ? 'prompt' : 'template', allowed, collected);
    const result = memberOf(example, 'result');
    const contextKey = keyNodeOf(propertyOf(example, 'context'));
    let resultChecked = false;
    for (const revision of scope) {
      if (MCP.predates(revision, 'completions')) {
        collected.add(
          'completion-example-version-mismatch',
          exampleKey,
          path,
          (revisions, plural) => `${where} is a completion example, but ${revisions} ${plural ? 'have' : 'has'} no completion.`,
          revision,
        );
        continue;
      }
      if (contextKey && MCP.predates(revision, 'completion.context')) {
        collected.add(
          'completion-example-context-version-mismatch',
          contextKey,
          [...path, 'context'],
          (revisions) => `${where}.context is not defined for ${revisions}.`,
          revision,
        );
      }
      if (result?.type === 'object' && !resultChecked) {
        resultChecked = true;
        const applicable = scope.filter((candidate) => !MCP.predates(candidate, 'completions'));
        checkCompletedResult(
          result,
          [...path, 'result'],
          `${where}.result`,
          applicable,
          collected,
          {
            envelope: 'completion-example-json-rpc-envelope',
            incomplete: 'incomplete-completion-example-result',
            version: 'completion-example-result-version-mismatch',
          },
          (node) => node ?? keyNodeOf(propertyOf(example, 'result'))!,
        );
      }
    }
  }
}

/** The names a completion example of `owner` may complete: a prompt's arguments, a template's variables (undefined: unknown). */
function completionTargets(
  owner: SyntaxNode,
  collection: 'prompts' | 'resourceTemplates',
  index: number,
  collected: FindingCollector,
): ReadonlySet<string> | undefined {
  let allowed: ReadonlySet<string> | undefined;
  if (collection === 'prompts') {
    allowed = new Set(declaredArguments(owner).keys());
  } else {
    const templateNode = memberOf(owner, 'uriTemplate');
    const template = stringOf(templateNode);
    if (template !== undefined) {
      const variables = templateVariables(template);
      if (typeof variables === 'string') {
        collected.add(
          'resource-template-completion-example-invalid-template',
          templateNode!,
          [collection, index, 'uriTemplate'],
          () =>
            `${readablePath(pointerOf(collection, index, 'uriTemplate'))} is not a valid RFC 6570 URI template: ${variables}.`,
        );
      } else {
        allowed = variables;
      }
    }
  }
  return allowed;
}

/** The context arguments of one completion example: declared, and not the argument being completed. */
function checkContextArguments(
  example: SyntaxNode,
  path: Path,
  where: string,
  target: string | undefined,
  owner: 'prompt' | 'template',
  allowed: ReadonlySet<string> | undefined,
  collected: FindingCollector,
): void {
  const contextArguments = memberOf(memberOf(example, 'context'), 'arguments');
  if (contextArguments?.type === 'object') {
    for (const argument of effectiveProperties(contextArguments).keys()) {
      const key = keyNodeOf(propertyOf(contextArguments, argument))!;
      const argumentPath = [...path, 'context', 'arguments', argument];
      if (allowed && !allowed.has(argument)) {
        if (owner === 'prompt')
          collected.add(
            'prompt-completion-example-context-unknown-argument',
            key,
            argumentPath,
            () => `${where}.context.arguments has '${argument}', which the prompt does not declare.`,
          );
        else
          collected.add(
            'resource-template-completion-example-context-unknown-variable',
            key,
            argumentPath,
            () => `${where}.context.arguments has '${argument}', which is not a variable of the resource template's uriTemplate.`,
          );
      }
      if (argument === target) {
        collected.add(
          'completion-example-duplicate-target-context',
          key,
          argumentPath,
          () => `${where}.context.arguments must not repeat '${argument}', the argument being completed.`,
        );
      }
    }
  }
}
