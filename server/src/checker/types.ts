import type { SeveritySetting } from '../../../shared/src/rules';
// Plain data the checker returns. Structurally identical to the LSP types of the same names, so the
// server can publish them as they are, but declared here so the checker imports nothing from LSP.

export interface Position {
  /** Zero-based line. */
  line: number;
  /** Zero-based UTF-16 code unit offset in the line. */
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

/** 1 error, 2 warning, 3 information, 4 hint (LSP DiagnosticSeverity). */
export type Severity = 1 | 2 | 3 | 4;

/** The rule's violation kinds, in the spec's order. */
export const VIOLATION_KINDS = [
  'unknown-declaration',
  'mode-mismatch',
  'schema-mismatch',
  'url-mismatch',
  'invalid-action',
  'missing-content',
  'unexpected-content',
  'invalid-content',
  'invalid-declaration',
] as const;

export type ViolationKind = (typeof VIOLATION_KINDS)[number];

/** The violation kinds of rule mcpdesc.elicitation.declaration-validity, in its page's order. */
export const DECLARATION_VIOLATION_KINDS = [
  'empty-elicitations',
  'malformed-declaration',
  'missing-name',
  'invalid-name',
  'duplicate-name',
  'invalid-mode',
  'missing-message',
  'empty-text',
  'invalid-scope',
  'scope-outside-parent',
  'revision-mismatch',
  'form-with-url',
  'url-with-requested-schema',
  'invalid-url',
  'missing-requested-schema',
  'invalid-requested-schema',
  'nested-schema',
  'unsupported-keyword',
  'unsupported-format',
  'invalid-property-schema',
  'unknown-required',
  'enum-names-mismatch',
  'invalid-default',
  'invalid-bounds',
] as const;

export type DeclarationViolationKind = (typeof DECLARATION_VIOLATION_KINDS)[number];

/** The violation kinds of rule mcpdesc.document.schema, by what is wrong. */
export const SCHEMA_VIOLATION_KINDS = [
  'missing-member',
  'unknown-member',
  'invalid-name',
  'wrong-type',
  'invalid-value',
  'duplicate-key',
] as const;
export type SchemaViolationKind = (typeof SCHEMA_VIOLATION_KINDS)[number];

/**
 * The kinds mcpdesc.document.schema reports on the document's identity, read before every rule
 * (rules/identity/formatVersion.ts): the official validator's identity codes, and a release
 * candidate's `$schema`.
 */
export const VERSION_VIOLATION_KINDS = [
  'missing-snapshot-identity',
  'invalid-schema-identity',
  'contradictory-snapshot-identity',
  'ambiguous-schema-identity',
  'unknown-schema-identity',
  'unsupported-specification',
  'release-candidate-schema-identity',
] as const;
export type VersionViolationKind = (typeof VERSION_VIOLATION_KINDS)[number];

/** The violation kinds of rule mcpdesc.document.semantics (document/interactionSemantics.ts). */
export type SemanticViolationKind =
  | 'step-revision-mismatch'
  | 'client-requirements-contradiction'
  | 'roots-uri'
  | 'wrong-component-namespace'
  | 'component-reference-cycle'
  | 'missing-component-target'
  | 'client-requirement-revision-mismatch'
  | 'invalid-client-requirement'
  | 'deprecated-client-requirement'
  | ExampleViolationKind
  | OfficialNamedKind;

/** Kinds of mcpdesc.document.semantics named as the official validator's codes (prompt and completion examples). */
export const EXAMPLE_VIOLATION_KINDS = [
  'prompt-example-unknown-argument',
  'prompt-example-missing-required-argument',
  'prompt-example-json-rpc-envelope',
  'incomplete-prompt-example-result',
  'prompt-example-result-version-mismatch',
  'prompt-example-content-version-mismatch',
  'resource-template-completion-example-invalid-template',
  'prompt-completion-example-unknown-argument',
  'resource-template-completion-example-unknown-variable',
  'prompt-completion-example-context-unknown-argument',
  'resource-template-completion-example-context-unknown-variable',
  'completion-example-duplicate-target-context',
  'completion-example-version-mismatch',
  'completion-example-context-version-mismatch',
  'completion-example-json-rpc-envelope',
  'incomplete-completion-example-result',
  'completion-example-result-version-mismatch',
] as const;
export type ExampleViolationKind = (typeof EXAMPLE_VIOLATION_KINDS)[number];

/**
 * More kinds of mcpdesc.document.semantics named as the official validator's codes: tool examples,
 * protocol scopes and transports, fields per revision, security, tags and `_meta`.
 */
export const OFFICIAL_NAMED_KINDS = [
  'tool-example-json-rpc-envelope',
  'incomplete-tool-example-result',
  'tool-example-result-version-mismatch',
  'tool-example-content-version-mismatch',
  'structured-tool-error-example',
  'missing-tool-example-structured-content',
  'tool-example-schema-mismatch',
  'incomplete-tool-example-validation',
  'protocol-scope-outside-parent',
  'transport-coverage-gap',
  'capability-scope-overlap',
  'primitive-scope-overlap',
  'legacy-protocol-validation-incomplete',
  'transport-not-supported-by-version',
  'legacy-sse-for-modern-version',
  'field-not-supported-by-version',
  'resource-annotation-not-supported-by-version',
  'tasks-core-not-valid-in-2026',
  'extensions-not-supported-by-version',
  'unknown-reserved-extension-identifier',
  'experimental-reserved-extension-identifier',
  'logging-deprecated-in-2026',
  'unknown-security-scheme',
  'duplicate-security-scope',
  'non-oauth-scope-misuse',
  'uncatalogued-oauth-scope',
  'duplicate-root-tag',
  'unknown-tag-reference',
  'meta-key-invalid',
  'meta-reserved-key-context',
  'meta-reserved-key-value',
  'meta-unknown-reserved-key',
  'invalid-legacy-tool-schema-shape',
  'unsupported-tool-schema-dialect',
  'invalid-tool-schema',
  'unresolved-external-tool-schema-reference',
  'invalid-x-mcp-header',
  'duplicate-x-mcp-header',
  'resource-example-json-rpc-envelope',
  'incomplete-resource-example-result',
  'resource-example-result-version-mismatch',
  'resource-example-cache-fields-version-mismatch',
  'resource-example-content-version-mismatch',
  'invalid-resource-example-base64',
  'resource-example-mime-type-mismatch',
  'resource-example-size-mismatch',
  'resource-example-requested-uri-not-returned',
  'resource-template-example-invalid-template',
  'resource-template-example-invalid-expansion',
] as const;
export type OfficialNamedKind = (typeof OFFICIAL_NAMED_KINDS)[number];

/** Kinds of mcpdesc.config diagnostics, on a project configuration file. */
export type ConfigViolation = 'invalid-config' | 'unknown-rule' | 'unknown-member' | 'unused-config';

/**
 * The official validator's code for a document it cannot read (@mcpdesc/core's parse): a syntax
 * error, and a repeated key, which its strict parsers reject.
 */
export const DOCUMENT_PARSE_OFFICIAL_CODE = 'document-parse';

/** What a diagnostic carries for the quick-fixes and for tools reading it back. */
export interface DiagnosticData {
  /**
   * The violation kind for the rules; 'syntax-error' / 'skipped' / 'internal-error' for the others,
   * and 'problems-not-shown' for the language server's notice on a document with more problems than it sends.
   */
  violation:
    | ViolationKind
    | DeclarationViolationKind
    | SchemaViolationKind
    | VersionViolationKind
    | SemanticViolationKind
    | 'syntax-error'
    | 'skipped'
    | 'internal-error'
    | 'problems-not-shown'
    | ConfigViolation
    | 'unused-suppression';
  /** Offset range in the document text the diagnostic was computed from. */
  offset: number;
  length: number;
  /** The code the format's official validator (@mcpdesc/validator) gives the same problem, when it has one. */
  officialCode?: string;
  /** Where the official validator reports it (a JSON pointer), for the whole-document rules. */
  pointer?: string;
}

export interface Diagnostic {
  range: Range;
  severity: Severity;
  code: string;
  codeDescription: { href: string };
  source: string;
  message: string;
  data: DiagnosticData;
}

export interface TextEdit {
  range: Range;
  newText: string;
}

/** An edit in offsets, as the checker computes it; converted to a TextEdit at the edge. */
export interface OffsetEdit {
  offset: number;
  length: number;
  newText: string;
}

export interface Fix {
  title: string;
  isPreferred: boolean;
  edits: TextEdit[];
}

/** How inserted text is laid out; the LSP FormattingOptions subset the fixes use. */
export interface FormattingOptions {
  tabSize: number;
  insertSpaces: boolean;
}

export type DocumentFormat = 'json' | 'yaml';

export interface CheckOptions {
  /** Severity per rule id; 'off' drops the rule's diagnostics. Unlisted rules use their default. */
  rules?: Record<string, SeveritySetting>;
  /** Defaults to 'json'. */
  format?: DocumentFormat;
  /**
   * The text is checked once and dropped (a closed file of a workspace scan, a CLI run): its
   * schemas are not remembered for later checks, beyond the few ajv had to compile. Remembering is
   * for documents checked again and again as they are edited.
   */
  once?: boolean;
  /**
   * The document's language has comments (YAML, JSONC): "Suppress … on this line" fixes are offered.
   * Suppression comments are honoured wherever the parse accepts comments, whatever this says.
   * `false`: the language is plain JSON (a `.json` file), which has neither comments nor trailing
   * commas: each one is a syntax error (mcpdesc.syntax), as the official validator rejects them.
   * Unset (a library caller that does not say): neither offered nor reported, as JSONC is read.
   */
  commentsAllowed?: boolean;
  /** URI of the folder holding the rule pages (ending in '/'): diagnostics link to their page there. */
  docsBaseUri?: string;
}
