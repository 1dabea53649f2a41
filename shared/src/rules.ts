// The one table of what this linter reports: per rule id its name, descriptions, documentation page
// and default severities, and the severity names users write. The checker (diagnostics), the server,
// the CLI (SARIF rule metadata, --rule), the manifest test and the docs all read it.

export type SeverityName = 'error' | 'warning' | 'information' | 'hint';
/**
 * What a user sets a rule to: a severity for all its diagnostics, 'on' for each kind's default
 * severity (the whole-document rules then keep the official validator's error or warning per
 * code), or 'off'.
 */
export type SeveritySetting = SeverityName | 'on' | 'off';
/** LSP DiagnosticSeverity. */
export type SeverityNumber = 1 | 2 | 3 | 4;

export const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['error', 'warning', 'information', 'hint', 'on', 'off'];

const NUMBER_OF: Record<SeverityName, SeverityNumber> = { error: 1, warning: 2, information: 3, hint: 4 };
const NAME_OF: Record<SeverityNumber, SeverityName> = { 1: 'error', 2: 'warning', 3: 'information', 4: 'hint' };

export function severityNumber(name: SeverityName): SeverityNumber {
  return NUMBER_OF[name];
}

export function severityName(severity: SeverityNumber): SeverityName {
  return NAME_OF[severity];
}

export function isSeveritySetting(value: unknown): value is SeveritySetting {
  return typeof value === 'string' && (SEVERITY_SETTINGS as readonly string[]).includes(value);
}

export const DIAGNOSTIC_SOURCE = 'mcpdesc';

export const ELICITATION_RULE_ID = 'mcpdesc.tool.interaction.elicitation-consistency';
/** This linter's own rule (not one of the MCP Description format's): declarations MCP clients would reject. */
export const DECLARATION_RULE_ID = 'mcpdesc.elicitation.declaration-validity';
/** Syntax errors get their own code so they can be told apart from (and configured unlike) the rules. */
export const SYNTAX_RULE_ID = 'mcpdesc.syntax';
/** A document the checker skipped or could not finish (too large, too deep, internal error). */
export const CHECKER_RULE_ID = 'mcpdesc.checker';
/** A project configuration file (mcpdesc-lint.config.*) that cannot be used as written; not configurable. */
export const CONFIG_RULE_ID = 'mcpdesc.config';
/** A suppression comment that suppressed nothing; off unless configured (or --report-unused-suppressions). */
export const UNUSED_SUPPRESSION_RULE_ID = 'mcpdesc.unused-suppression';

/** The whole document against this linter's structural schema of MCP Description 0.8.0. */
export const DOCUMENT_SCHEMA_RULE_ID = 'mcpdesc.document.schema';
/** The format's semantic checks a schema cannot say (each kind names the official validator's code). */
export const DOCUMENT_SEMANTICS_RULE_ID = 'mcpdesc.document.semantics';

export const RULE_IDS = [
  ELICITATION_RULE_ID,
  DECLARATION_RULE_ID,
  DOCUMENT_SCHEMA_RULE_ID,
  DOCUMENT_SEMANTICS_RULE_ID,
  SYNTAX_RULE_ID,
  CHECKER_RULE_ID,
  CONFIG_RULE_ID,
  UNUSED_SUPPRESSION_RULE_ID,
] as const;
export type RuleId = (typeof RULE_IDS)[number];

export interface RuleDescription {
  id: RuleId;
  /** PascalCase, as SARIF recommends for reportingDescriptor.name. */
  name: string;
  /** One sentence. */
  shortDescription: string;
  /** A paragraph: what is checked and why it matters. */
  fullDescription: string;
  /** The page under docs/rules/ that documents it (shipped with the extension and the npm package). */
  docsFile: string;
  /** Severity when the user configures none. */
  defaultSeverity: SeverityName;
  /** Not reported unless a severity is configured for it; `defaultSeverity` is what it gets when turned on. */
  offByDefault?: boolean;
  /** Kinds (data.violation) whose default differs from the rule's. */
  defaultSeverityOf?: Readonly<Record<string, SeverityName>>;
  /** SARIF `properties.tags`. */
  tags: readonly string[];
  /** SARIF `properties.precision`. */
  precision: 'very-high' | 'high' | 'medium' | 'low';
}

export const RULES: Readonly<Record<RuleId, RuleDescription>> = {
  [ELICITATION_RULE_ID]: {
    id: ELICITATION_RULE_ID,
    name: 'ElicitationConsistency',
    shortDescription:
      "An elicitation step matches the tool's named elicitation declaration, and its response content is present exactly when an accepted form response requires it and validates against the requested schema.",
    fullDescription:
      "Every elicitation step of a tool's interaction examples may name one of the tool's elicitation declarations; the step's request must then use the declaration's mode and requested schema or URL, and its response must carry content exactly when a form request is accepted, valid against the requested schema. Each element of a tool's elicitations array must be a usable declaration (named, with a mode, and a usable requested schema in form mode). Examples that contradict their declarations mislead every client and reader of the description.",
    docsFile: 'elicitation-consistency.md',
    defaultSeverity: 'error',
    tags: ['correctness', 'mcp', 'elicitation'],
    precision: 'very-high',
  },
  [DECLARATION_RULE_ID]: {
    id: DECLARATION_RULE_ID,
    name: 'ElicitationDeclarationValidity',
    shortDescription:
      'An elicitation declaration of a tool, resource, resource template or prompt is one an MCP client would accept, for every protocol revision in its scope.',
    fullDescription:
      "This linter's own rule, checking each Elicitation Declaration against MCP Description 0.8.0 and MCP's own schema for the revisions in its effective protocol scope: a unique, well-formed name; an explicit form or url mode; a non-empty message; in form mode a flat requestedSchema of MCP primitive property schemas (no nested objects, only the multi-select enum arrays, only keywords and string formats the revisions know; required names that exist, one enumName per enum value, defaults of the right type among the choices, minimums not above maximums) and no url; in url mode no requestedSchema and a syntactically valid url; a scope inside its primitive's, and no url mode for MCP 2025-06-18. A client rejects such a request at run time; this says so while the description is written.",
    docsFile: 'declaration-validity.md',
    defaultSeverity: 'error',
    tags: ['correctness', 'mcp', 'elicitation'],
    precision: 'very-high',
  },
  [DOCUMENT_SCHEMA_RULE_ID]: {
    id: DOCUMENT_SCHEMA_RULE_ID,
    name: 'DocumentSchema',
    shortDescription:
      'The whole document has the structure MCP Description 0.8.0 defines: required members, known members, value types and allowed values.',
    fullDescription:
      "The document is validated against this linter's structural schema of MCP Description 0.8.0 (shipped with it, written from the specification text): the root, info, transports, security, components, capabilities, tools and their examples and interaction examples, resources, resource templates, prompts and tags. Each problem is reported once, on the node at fault: a missing member on its object's key, an unknown member on its own key, a wrong value on the value. Elicitation declarations and the parts of elicitation steps that the elicitation rules judge are left to those rules. The official validator's code for these findings is schema-validation (data.officialCode).",
    docsFile: 'document-schema.md',
    // On by default (issue 34): with no configuration the verdict is the official validator's.
    defaultSeverity: 'error',
    // A release candidate's $schema: the document is checked as 0.8.0 (formatVersion.ts).
    defaultSeverityOf: { 'release-candidate-schema-identity': 'warning' },
    tags: ['correctness', 'mcpdesc', 'schema'],
    precision: 'very-high',
  },
  [DOCUMENT_SEMANTICS_RULE_ID]: {
    id: DOCUMENT_SEMANTICS_RULE_ID,
    name: 'DocumentSemantics',
    shortDescription:
      'What MCP Description 0.8.0 requires beyond a schema: interaction steps, examples and fields valid in every revision of their scope, consistent clientRequirements, tool schemas, protocol scopes and transports, security, tags and _meta.',
    fullDescription:
      "The semantic checks of MCP Description 0.8.0 that no schema can state, one violation kind per check, each naming the official validator's code in data.officialCode and taking its severity when the rule is set to 'on' (errors, and warnings where the official validator warns): interaction steps a revision of the tool's scope does not have, steps contradicting the tool's clientRequirements, roots that are not file URIs; component references into the wrong namespace, in a cycle or to nothing; clientRequirements a revision does not define or deprecates; prompt, completion, tool and resource examples (completed results, content and fields per revision, input and structured content valid against the tool's schemas, base64 blobs, template expansions); tool schemas (legacy shape, dialect, validity, external references, x-mcp-header); protocol scopes inside the document's, transports covering it, no overlapping variants; fields, transports and capabilities per revision; security requirements naming declared schemes and scopes; unique and declared tags; _meta keys.",
    docsFile: 'document-semantics.md',
    defaultSeverity: 'error',
    // The official validator's warnings; every other kind is one of its errors.
    defaultSeverityOf: {
      // An `extensions` capability before 2026-07-28 is accepted with a warning (0.8.0 migration guide, Capabilities).
      'extensions-not-supported-by-version': 'warning',
      'unknown-reserved-extension-identifier': 'warning',
      'experimental-reserved-extension-identifier': 'warning',
      'client-requirements-contradiction': 'warning',
      'deprecated-client-requirement': 'warning',
      'incomplete-tool-example-validation': 'warning',
      'legacy-protocol-validation-incomplete': 'warning',
      'legacy-sse-for-modern-version': 'warning',
      'logging-deprecated-in-2026': 'warning',
      'uncatalogued-oauth-scope': 'warning',
      'meta-unknown-reserved-key': 'warning',
      'unresolved-external-tool-schema-reference': 'warning',
      'resource-example-mime-type-mismatch': 'warning',
      'resource-example-size-mismatch': 'warning',
      'resource-example-requested-uri-not-returned': 'warning',
    },
    tags: ['correctness', 'mcpdesc', 'mcp'],
    precision: 'very-high',
  },
  [SYNTAX_RULE_ID]: {
    id: SYNTAX_RULE_ID,
    name: 'Syntax',
    shortDescription: 'The document is well-formed JSON (comments and trailing commas allowed) or YAML.',
    fullDescription:
      'A syntax error makes the document unreadable to every other tool; the checker still checks what it could parse, so fix syntax errors first.',
    docsFile: 'syntax.md',
    defaultSeverity: 'error',
    tags: ['syntax'],
    precision: 'very-high',
  },
  [CHECKER_RULE_ID]: {
    id: CHECKER_RULE_ID,
    name: 'CheckerNotice',
    shortDescription: 'The checker skipped the document or could not finish it (too large, too deep, internal error).',
    fullDescription:
      'Documents over the size limit or nested beyond what can be checked safely are not checked; an internal error of the checker is reported instead of a partial answer; a file with more problems than the language server sends (mcpdesc.maxProblemsPerFile) says how many more there are and on which lines. A notice means the document may hold problems that were not reported.',
    docsFile: 'checker.md',
    defaultSeverity: 'information',
    defaultSeverityOf: { 'internal-error': 'error' },
    tags: ['tooling'],
    precision: 'very-high',
  },
  [CONFIG_RULE_ID]: {
    id: CONFIG_RULE_ID,
    name: 'ProjectConfig',
    shortDescription:
      'A project configuration file (mcpdesc-lint.config.json, .jsonc, .yaml or .yml) is well-formed and names known rules.',
    fullDescription:
      'A configuration file that cannot be read as written (a syntax error, a member of the wrong type, a severity that does not exist) is not used at all, so the documents below it are checked as if it were not there; its one error says where it went wrong. Unknown rule ids and members are warnings and passed over. Its severity cannot be configured.',
    docsFile: 'config.md',
    defaultSeverity: 'error',
    defaultSeverityOf: { 'unknown-rule': 'warning', 'unknown-member': 'warning', 'unused-config': 'warning' },
    tags: ['tooling', 'configuration'],
    precision: 'very-high',
  },
  [UNUSED_SUPPRESSION_RULE_ID]: {
    id: UNUSED_SUPPRESSION_RULE_ID,
    name: 'UnusedSuppression',
    shortDescription: 'A suppression comment (mcpdesc-disable-next-line, mcpdesc-disable-file) suppresses nothing.',
    fullDescription:
      'A suppression left behind after its problem was fixed, or naming a rule or kind that is not reported there, hides nothing today and would hide a new problem tomorrow. Off unless configured; mcpdesc-lint --report-unused-suppressions turns it on (as a warning) for CI.',
    docsFile: 'unused-suppression.md',
    defaultSeverity: 'warning',
    offByDefault: true,
    tags: ['tooling', 'suppressions'],
    precision: 'very-high',
  },
};

export function isRuleId(value: string): value is RuleId {
  return (RULE_IDS as readonly string[]).includes(value);
}

/** The default severity of a rule's diagnostic of one violation kind. */
export function defaultSeverity(ruleId: RuleId, violation?: string): SeverityName {
  const rule = RULES[ruleId];
  return (violation !== undefined ? rule.defaultSeverityOf?.[violation] : undefined) ?? rule.defaultSeverity;
}

/**
 * Where a rule's page is, given the folder URI of the shipped docs (ending in '/'). The fronts know
 * where they are installed and pass that folder; without it the link is relative to the package.
 */
export function ruleDocsUri(ruleId: RuleId, docsBaseUri = RELATIVE_DOCS_BASE): string {
  return `${docsBaseUri}${RULES[ruleId].docsFile}`;
}

export const RELATIVE_DOCS_BASE = 'docs/rules/';

/**
 * The preset of the defaults (`"extends": "mcpdesc:official"`): every rule on, each diagnostic at its
 * kind's default, which for the whole-document rules is the official validator's error or warning.
 * Since issue 34 that is what applies with no configuration; the preset stays accepted so that
 * existing configuration files keep working, and it still puts both rules back on over an earlier preset.
 */
export const OFFICIAL_PRESET = 'mcpdesc:official';
/** The preset that keeps only the elicitation rules (the whole-document rules off): the linter's scope before issue 34. */
export const ELICITATION_PRESET = 'mcpdesc:elicitation';

export const PRESETS: Readonly<Record<string, Readonly<Record<string, SeveritySetting>>>> = {
  [OFFICIAL_PRESET]: { [DOCUMENT_SCHEMA_RULE_ID]: 'on', [DOCUMENT_SEMANTICS_RULE_ID]: 'on' },
  [ELICITATION_PRESET]: { [DOCUMENT_SCHEMA_RULE_ID]: 'off', [DOCUMENT_SEMANTICS_RULE_ID]: 'off' },
};

/**
 * What applies to a rule nobody configured, as a setting: 'off' for a rule off by default, 'on' for
 * one whose kinds have severities of their own (saying one severity would be wrong), else its severity.
 */
export function defaultSetting(ruleId: RuleId): SeveritySetting {
  const rule = RULES[ruleId];
  if (rule.offByDefault) return 'off';
  return rule.defaultSeverityOf ? 'on' : rule.defaultSeverity;
}
