// Violation kinds 1-8 for one elicitation step, in the spec's order and with its anchors.
import { holdsEqual, holdsIdentical } from '../../syntax/nodeEquality';
import type { CompiledSchema, ValidationError } from '../../schema/schemaValidator';
import type { DocumentSchemas } from '../../schema/documentSchemas';
import { resolveSchemaNode } from '../../model/componentRef';
import type { Step } from '../../model/documentModel';
import {
  keyNodeOf,
  memberOf,
  nodeAtPointer,
  propertyOf,
  stringOf,
  valueOf,
  type JsonValue,
  type SyntaxNode,
} from '../../syntax/tree';
import type { ViolationKind } from '../../types';
import type { DeclarationVerdicts, UsableVerdict } from './declarationVerdicts';
import { declaredList, describeNode, quote } from '../../syntax/describe';
import type { ConsistencyFinding } from './findings';
import { checkOrNote } from '../../notChecked';

type Report = (violation: ViolationKind, anchor: SyntaxNode, message: string) => void;

export function checkStep(step: Step, verdicts: DeclarationVerdicts, schemas: DocumentSchemas): ConsistencyFinding[] {
  const findings: ConsistencyFinding[] = [];
  const report: Report = (violation, anchor, message) => {
    findings.push({
      violation,
      offset: anchor.offset,
      length: anchor.length,
      message,
      tool: step.tool,
      step,
      declaration: step.declaration,
    });
  };
  const { declaration } = step;
  if (step.declarationNode && !declaration) {
    report('unknown-declaration', step.declarationNode, unknownDeclarationMessage(step));
  }
  // A step without a declaration, or naming an invalid one (kind 9 speaks for itself), gets no kinds 2-4.
  const verdict = declaration ? verdicts.of(declaration) : undefined;
  if (verdict?.usable) checkAgainstDeclaration(step, verdict, report);

  // Kinds 5-8 read the step's own request and response, whether or not a declaration was found.
  if (!step.action) {
    report('invalid-action', step.actionNode ?? keyNodeOf(step.responseProperty) ?? step.typeNode, invalidActionMessage(step));
    return findings;
  }
  const contentKey = keyNodeOf(step.contentProperty);
  const formRequest = step.requestMode === 'form';
  if (step.action === 'accept' && formRequest && !contentKey) {
    report(
      'missing-content',
      step.actionNode!,
      `Elicitation step accepts a form request but its response has no content${forDeclaration(step)}.`,
    );
  }
  if (contentKey && (step.action !== 'accept' || step.requestMode === 'url')) {
    report(
      'unexpected-content',
      contentKey,
      step.action !== 'accept'
        ? `Elicitation step's response action is ${quote(step.action)}, so it must not have content.`
        : `Elicitation step's request is in url mode, so the accepted response must not have content.`,
    );
  }
  if (contentKey && step.action === 'accept' && formRequest) {
    checkContent(step, verdict?.usable ? verdict : undefined, schemas, report);
  }
  return findings;
}

/** Kinds 2-4: the step's request against its found, usable declaration. */
function checkAgainstDeclaration(step: Step, verdict: UsableVerdict, report: Report): void {
  const declaration = step.declaration!;
  const of = `declaration ${quote(declaration.name!)} of tool ${step.tool.title}`;
  const requestKeyOrType = keyNodeOf(step.requestProperty) ?? step.typeNode;
  const modeNode = memberOf(step.request, 'mode');
  if (step.requestMode !== verdict.mode) {
    const requestMode = modeNode ? describeNode(modeNode) : `'form' (no mode given)`;
    report(
      'mode-mismatch',
      modeNode ?? requestKeyOrType,
      `Elicitation step's request mode is ${requestMode}, but ${of} is in ${quote(verdict.mode)} mode.`,
    );
  } else if (verdict.mode === 'form') {
    const schemaProperty = propertyOf(step.request, 'requestedSchema');
    if (!schemaProperty) {
      report(
        'schema-mismatch',
        requestKeyOrType,
        `Elicitation step's request has no requestedSchema; ${of} requests a form with its own requestedSchema.`,
      );
      return;
    }
    const resolved = resolveSchemaNode(schemaProperty.value, step.tool.root);
    if (!resolved.ok) {
      report(
        'schema-mismatch',
        keyNodeOf(schemaProperty)!,
        `Elicitation step's requestedSchema cannot be compared with the requestedSchema of ${of}: ${resolved.reason}.`,
      );
    } else if (resolved.node !== verdict.schemaNode && !sameRequestedSchema(resolved.node, verdict.schema)) {
      report(
        'schema-mismatch',
        keyNodeOf(schemaProperty)!,
        `Elicitation step's requestedSchema differs from the requestedSchema of ${of}.`,
      );
    }
  } else {
    const urlNode = memberOf(step.request, 'url');
    const url = stringOf(urlNode);
    if (url === undefined) {
      report(
        'url-mismatch',
        urlNode ?? requestKeyOrType,
        urlNode
          ? `Elicitation step's request url must be a string, not ${describeNode(urlNode)}; ${of} is in url mode.`
          : `Elicitation step's request has no url; ${of} is in url mode.`,
      );
    } else if (declaration.urlNode && stringOf(declaration.urlNode) !== url) {
      report(
        'url-mismatch',
        urlNode!,
        `Elicitation step's request url ${quote(url)} differs from the url ${describeNode(declaration.urlNode)} of ${of}.`,
      );
    }
  }
}

/** Kind 3's equality: the same JSON value, ignoring member order and `required` order. */
function sameRequestedSchema(node: SyntaxNode, declared: JsonValue): boolean {
  return holdsIdentical(node, declared) || holdsEqual(node, declared, true);
}

function forDeclaration(step: Step): string {
  return step.declarationName !== undefined ? ` (declaration ${quote(step.declarationName)})` : '';
}

function unknownDeclarationMessage(step: Step): string {
  const tool = step.tool.title;
  const declared = declaredList(step.tool.declarationsByName);
  const elicitations = step.tool.elicitationsProperty?.value;
  const why = elicitations && elicitations.type !== 'array' ? `; its elicitations is not an array` : '';
  if (step.declarationName === undefined) {
    return `Elicitation step's 'declaration' must be a string naming one of the elicitations of tool ${tool}, not ${describeNode(step.declarationNode!)} (${declared}${why}).`;
  }
  const name = quote(step.declarationName);
  return `Elicitation step references ${name}, but tool ${tool} declares no elicitation named ${name} (${declared}${why}).`;
}

function invalidActionMessage(step: Step): string {
  const expected = `'accept', 'decline' or 'cancel'`;
  if (!step.responseProperty) return `Elicitation step has no response; it needs one whose action is ${expected}.`;
  if (!step.response) return `Elicitation step's response must be an object whose action is ${expected}.`;
  if (!step.actionNode) return `Elicitation step's response has no action; expected ${expected}.`;
  return `Elicitation step's response action ${describeNode(step.actionNode)} is not one of ${expected}.`;
}

/** Kind 8: the accepted form content against the requested schema, one finding per validation error. */
function checkContent(step: Step, declared: UsableVerdict | undefined, schemas: DocumentSchemas, report: Report): void {
  const contentProperty = step.contentProperty!;
  const contentKey = contentProperty.key;
  const content = contentProperty.value;
  const requestSchemaProperty = propertyOf(step.request, 'requestedSchema');
  let compiled: CompiledSchema;
  if (requestSchemaProperty) {
    const schemaKey = requestSchemaProperty.key;
    const resolved = resolveSchemaNode(requestSchemaProperty.value, step.tool.root);
    if (!resolved.ok) {
      report(
        'invalid-content',
        schemaKey,
        `Elicitation step's requestedSchema cannot be used (${resolved.reason}), so its content cannot be checked.`,
      );
      return;
    }
    // The usual step repeats its declaration's schema: validate with the declaration's validator.
    const sameAsDeclared =
      declared?.mode === 'form' && (resolved.node === declared.schemaNode || holdsIdentical(resolved.node, declared.schema));
    compiled = sameAsDeclared && declared?.mode === 'form' ? declared.compiled : schemas.ofNode(resolved.node).compiled;
    if (!compiled.ok) {
      report(
        'invalid-content',
        schemaKey,
        `Elicitation step's requestedSchema is not a usable JSON Schema (${compiled.reason}), so its content cannot be checked.`,
      );
      return;
    }
  } else if (declared?.mode === 'form') {
    compiled = declared.compiled;
  } else {
    // No schema to validate against: the missing request schema is reported by kinds 3 or 9, or not at all.
    return;
  }
  // Content the time budget leaves unchecked is a notice (notChecked.ts), never a finding.
  const errors = checkOrNote('step-content', contentKey, () => compiled.validate(valueOf(content)), []);
  for (const error of errors) {
    report(
      'invalid-content',
      anchorOfValidationError(error, content, contentKey),
      `Elicitation step's content does not match the requested schema: ${error.message}.`,
    );
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
