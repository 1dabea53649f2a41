// The consistency rule's corpora (test-fixtures/expected-valid, expected-invalid, yaml/, hostile/)
// were written from that rule's spec alone, whose "no diagnostic from this rule" leaves the rest to
// other rules: a test that holds them to that spec compares by `code`, every diagnostic but the
// declaration-validity rule's. That rule has its own corpus (test-fixtures/declaration-validity)
// and its own tests (test/declaration-validity); it stays on in these checks, so both rules still
// run on every document. So do the whole-document rules (mcpdesc.document.schema and
// .semantics), whose corpus is test-fixtures/official-agreement: these corpora are deliberately
// partial documents (no `info`, examples without `input`), which those rules rightly report.
import {
  DECLARATION_RULE_ID,
  DOCUMENT_SCHEMA_RULE_ID,
  DOCUMENT_SEMANTICS_RULE_ID,
  ELICITATION_PRESET,
  PRESETS,
  type SeveritySetting,
} from '../../shared/src/rules';

const OTHER_RULES: ReadonlySet<unknown> = new Set([DECLARATION_RULE_ID, DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID]);

export function apartFromDeclarationValidity<T extends { code?: unknown }>(diagnostics: readonly T[]): T[] {
  return diagnostics.filter((diagnostic) => !OTHER_RULES.has(diagnostic.code));
}

export function ofDeclarationValidity<T extends { code?: unknown }>(diagnostics: readonly T[]): T[] {
  return diagnostics.filter((diagnostic) => diagnostic.code === DECLARATION_RULE_ID);
}

/**
 * What a declaration written by Declare may get from the declaration-validity rule: only what no
 * declaration the step could use avoids. The step names it (so an invalid name stays), and its
 * request is what the declaration must say (url mode, or form vocabulary, that a revision in scope
 * lacks). Every other finding would mean Declare wrote less than a valid declaration it could have.
 */
export const DECLARE_MAY_ADD: ReadonlySet<string> = new Set(['invalid-name', 'revision-mismatch']);

/**
 * Options that keep only the elicitation rules (the preset `mcpdesc:elicitation`). Since issue 34
 * the whole-document rules are on by default; a test of the elicitation rules on a deliberately
 * partial document (no `info`, examples without `input`) runs with these, so that it keeps testing
 * what it was written for. The whole-document rules have their own tests (test/document,
 * test-fixtures/official-agreement).
 */
export function elicitationOnly<const T extends object = Record<never, never>>(
  options?: T & { rules?: Readonly<Record<string, SeveritySetting>> },
): T & { rules: Readonly<Record<string, SeveritySetting>> } {
  return { ...(options as T), rules: { ...PRESETS[ELICITATION_PRESET], ...options?.rules } };
}
