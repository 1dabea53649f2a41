// Violation kinds 1-8 for one elicitation step, in the spec's order and with its anchors.
import { holdsEqual, holdsIdentical } from '../nodeEquality';
import type { ValidationError } from '../schemaValidator';
import type { DocumentSchemas } from '../documentSchemas';
import { keyNodeOf, memberOf, nodeAtPointer, propertyOf, stringOf, valueOf, type JsonValue, type SyntaxNode } from '../tree';
import type { ViolationKind } from '../types';
import { declaredList, describeNode, quote } from './describe';
import type { Finding, Step, Tool } from './model';

const ACTIONS = new Set(['accept', 'decline', 'cancel']);

export function readStep(tool: Tool, node: SyntaxNode, typeNode: SyntaxNode): Step {
  const step: Step = { tool, node, typeNode };
  step.declarationNode = memberOf(node, 'declaration');
  step.declarationName = stringOf(step.declarationNode);
  // Map lookups are own-key lookups: 'toString' or '__proto__' are found only when really declared.
  step.declaration = step.declarationName !== undefined ? tool.declarations.get(step.declarationName) : undefined;

  step.requestProperty = propertyOf(node, 'request');
  const request = step.requestProperty?.children?.[1];
  step.request = request?.type === 'object' ? request : undefined;
  const modeNode = memberOf(step.request, 'mode');
  step.requestMode = modeNode ? stringOf(modeNode) : 'form';

  step.responseProperty = propertyOf(node, 'response');
  const response = step.responseProperty?.children?.[1];
  step.response = response?.type === 'object' ? response : undefined;
  step.actionNode = memberOf(step.response, 'action');
  const action = stringOf(step.actionNode);
  step.action = action !== undefined && ACTIONS.has(action) ? (action as Step['action']) : undefined;
  step.contentProperty = propertyOf(step.response, 'content');
  return step;
}

export function checkStep(step: Step, schemas: DocumentSchemas): Finding[] {
  const findings: Finding[] = [];
  const report = (violation: ViolationKind, anchor: SyntaxNode, message: string) => {
    findings.push({ violation, offset: anchor.offset, length: anchor.length, message, tool: step.tool, step, declaration: step.declaration });
  };
  const requestKeyOrType = keyNodeOf(step.requestProperty) ?? step.typeNode;

  const { tool, declaration } = step;
  if (!declaration) {
    report('unknown-declaration', step.declarationNode ?? step.typeNode, unknownDeclarationMessage(step));
  } else if (!declaration.problem) {
    // An invalid declaration (kind 9) speaks for itself: no kinds 2-4 on the steps that reference it.
    const of = `declaration ${quote(declaration.name)} of tool ${quote(tool.label)}`;
    const modeNode = memberOf(step.request, 'mode');
    if (step.requestMode !== declaration.mode) {
      const requestMode = modeNode ? describeNode(modeNode) : quote('form');
      report('mode-mismatch', modeNode ?? requestKeyOrType,
        `Elicitation step's request mode is ${requestMode}, but ${of} is in ${quote(declaration.mode!)} mode.`);
    } else if (declaration.mode === 'form') {
      const schemaProperty = propertyOf(step.request, 'requestedSchema');
      if (!schemaProperty) {
        report('schema-mismatch', requestKeyOrType,
          `Elicitation step's request has no requestedSchema; ${of} requests a form with its own requestedSchema.`);
      } else if (!sameRequestedSchema(schemaProperty.children![1], declaration.schema!)) {
        report('schema-mismatch', keyNodeOf(schemaProperty)!,
          `Elicitation step's requestedSchema differs from the requestedSchema of ${of}.`);
      }
    } else {
      const urlNode = memberOf(step.request, 'url');
      const url = stringOf(urlNode);
      if (url === undefined) {
        report('url-mismatch', urlNode ?? requestKeyOrType, urlNode
          ? `Elicitation step's request url must be a string, not ${describeNode(urlNode)}; ${of} is in url mode.`
          : `Elicitation step's request has no url; ${of} is in url mode.`);
      } else if (declaration.urlNode && !(declaration.urlNode.type === 'string' && declaration.urlNode.value === url)) {
        report('url-mismatch', urlNode!,
          `Elicitation step's request url ${quote(url)} differs from the url ${describeNode(declaration.urlNode)} of ${of}.`);
      }
    }
  }

  // Kinds 5-8 read the step's own request and response, whether or not the declaration was found.
  if (!step.action) {
    report('invalid-action', step.actionNode ?? keyNodeOf(step.responseProperty) ?? step.typeNode, invalidActionMessage(step));
    return findings;
  }
  const contentKey = keyNodeOf(step.contentProperty);
  const formRequest = step.requestMode === 'form';
  if (step.action === 'accept' && formRequest && !contentKey) {
    report('missing-content', step.actionNode!,
      `Elicitation step accepts a form request but its response has no content${forDeclaration(step)}.`);
  }
  if (contentKey && (step.action !== 'accept' || step.requestMode === 'url')) {
    report('unexpected-content', contentKey, step.action !== 'accept'
      ? `Elicitation step's response action is ${quote(step.action)}, so it must not have content.`
      : `Elicitation step's request is in url mode, so the accepted response must not have content.`);
  }
  if (contentKey && step.action === 'accept' && formRequest) {
    checkContent(step, schemas, report);
  }
  return findings;
}

/** Kind 3's equality: the same JSON value, ignoring member order and `required` order. */
function sameRequestedSchema(node: SyntaxNode, declared: JsonValue): boolean {
  return holdsIdentical(node, declared) || holdsEqual(node, declared, true);
}

function forDeclaration(step: Step): string {
  return step.declarationName !== undefined ? ` (declaration ${quote(step.declarationName)})` : '';
}

function unknownDeclarationMessage(step: Step): string {
  const tool = quote(step.tool.label);
  const declared = declaredList(step.tool.declarations);
  if (!step.declarationNode) {
    return `Elicitation step has no 'declaration'; it must name one of tool ${tool}'s elicitations (${declared}).`;
  }
  if (step.declarationName === undefined) {
    return `Elicitation step's 'declaration' must be a string naming one of tool ${tool}'s elicitations, not ${describeNode(step.declarationNode)} (${declared}).`;
  }
  const name = quote(step.declarationName);
  return `Elicitation step references ${name}, but tool ${tool} declares no elicitation named ${name} (${declared}).`;
}

function invalidActionMessage(step: Step): string {
  const expected = `'accept', 'decline' or 'cancel'`;
  if (!step.responseProperty) return `Elicitation step has no response; it needs one whose action is ${expected}.`;
  if (!step.response) return `Elicitation step's response must be an object whose action is ${expected}.`;
  if (!step.actionNode) return `Elicitation step's response has no action; expected ${expected}.`;
  return `Elicitation step's response action ${describeNode(step.actionNode)} is not one of ${expected}.`;
}

type Report = (violation: ViolationKind, anchor: SyntaxNode, message: string) => void;

/** Kind 8: the accepted form content against the requested schema, one finding per validation error. */
function checkContent(step: Step, schemas: DocumentSchemas, report: Report): void {
  const contentProperty = step.contentProperty!;
  const contentKey = contentProperty.children![0];
  const content = contentProperty.children![1];
  const requestSchemaProperty = propertyOf(step.request, 'requestedSchema');
  let errors: ValidationError[];
  if (requestSchemaProperty) {
    const requestSchema = requestSchemaProperty.children![1];
    const declaration = step.declaration;
    // The usual step repeats its declaration's schema: validate with the declaration's validator.
    const compiled = declaration?.compiled && declaration.schema !== undefined && holdsIdentical(requestSchema, declaration.schema)
      ? declaration.compiled
      : schemas.ofNode(requestSchema).compiled;
    if (!compiled.ok) {
      report('invalid-content', requestSchemaProperty.children![0],
        `Elicitation step's requestedSchema is not a usable JSON Schema (${compiled.reason}), so its content cannot be checked.`);
      return;
    }
    errors = compiled.validate(valueOf(content));
  } else if (step.declaration && !step.declaration.problem && step.declaration.compiled?.ok) {
    errors = step.declaration.compiled.validate(valueOf(content));
  } else {
    // No schema to validate against: the missing request schema is reported by kinds 1-3 or 9.
    return;
  }
  for (const error of errors) {
    report('invalid-content', anchorOfValidationError(error, content, contentKey),
      `Elicitation step's content does not match the requested schema: ${error.message}.`);
  }
}

function anchorOfValidationError(error: ValidationError, content: SyntaxNode, contentKey: SyntaxNode): SyntaxNode {
  if (error.keyword === 'required' || error.keyword === 'dependentRequired' || error.keyword === 'dependencies') {
    return contentKey;
  }
  const target = nodeAtPointer(content, error.instancePath);
  if (!target) return contentKey;
  if (error.disallowedProperty !== undefined) {
    return keyNodeOf(propertyOf(target, error.disallowedProperty)) ?? target;
  }
  return target;
}
