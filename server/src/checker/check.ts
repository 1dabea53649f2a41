// One check of one document: parse, run the rule on every root, turn findings into diagnostics.
import { CHECKER_RULE_ID, ELICITATION_RULE_ID, RULE_DOCS, SYNTAX_RULE_ID, DIAGNOSTIC_SOURCE, type RuleId } from '../../../shared/src/constants';
import { LineIndex } from './lineIndex';
import { parseJsonDocument, type ParsedDocument } from './parse/jsonDocument';
import { checkElicitationConsistency } from './rule/elicitationConsistency';
import type { Finding } from './rule/model';
import { SchemaValidatorCache } from './schemaValidator';
import { JsonEditor } from './fixes/jsonEditor';
import type { DocumentEditor } from './fixes/editor';
import { fixesForFinding, type FixPlan } from './fixes/quickFixes';
import type { CheckOptions, Diagnostic, DiagnosticData, DocumentFormat, Fix, FormattingOptions, Severity } from './types';

/** Shared by every check: each distinct schema is compiled once per process. */
export const schemaCache = new SchemaValidatorCache();

type ParserFor = (text: string) => ParsedDocument;
type EditorFor = (text: string, formatting?: FormattingOptions) => DocumentEditor;

/** Syntax backends; YAML registers its own in yaml/register.ts. */
export const backends: Record<DocumentFormat, { parse: ParserFor; editor: EditorFor } | undefined> = {
  json: { parse: parseJsonDocument, editor: (text, formatting) => new JsonEditor(text, formatting) },
  yaml: undefined,
};

const SEVERITY_BY_NAME = { error: 1, warning: 2, information: 3, hint: 4 } as const;

function severityOf(ruleId: RuleId, fallback: Severity, options: CheckOptions): Severity | undefined {
  const configured = options.rules?.[ruleId];
  if (configured === 'off') return undefined;
  return configured ? SEVERITY_BY_NAME[configured] : fallback;
}

interface Located {
  finding?: Finding;
  diagnostic: Diagnostic;
}

export class DocumentCheck {
  readonly diagnostics: Diagnostic[];
  private readonly located: Located[];

  constructor(
    private readonly text: string,
    private readonly format: DocumentFormat,
    private readonly lines: LineIndex,
    located: Located[],
  ) {
    this.located = located.sort(
      (a, b) => a.diagnostic.data.offset - b.diagnostic.data.offset || a.diagnostic.data.length - b.diagnostic.data.length,
    );
    this.diagnostics = this.located.map((entry) => entry.diagnostic);
  }

  fixesFor(diagnostic: Pick<Diagnostic, 'range' | 'data'>, formatting?: FormattingOptions): Fix[] {
    const entry = this.located.find(
      (candidate) =>
        candidate.finding &&
        candidate.diagnostic.data.violation === diagnostic.data?.violation &&
        sameRange(candidate.diagnostic.range, diagnostic.range),
    );
    if (!entry?.finding) return [];
    return this.plansFor(entry.finding, formatting).map((fix) => ({
      title: fix.title,
      isPreferred: fix.isPreferred,
      edits: fix.edits.map((edit) => ({ range: this.lines.rangeOf(edit.offset, edit.length), newText: edit.newText })),
    }));
  }

  /** The preferred fix of every diagnostic, in offsets (for fix-all). */
  preferredPlans(formatting?: FormattingOptions): FixPlan[] {
    const editor = this.editor(formatting);
    if (!editor) return [];
    const plans: FixPlan[] = [];
    for (const entry of this.located) {
      if (!entry.finding) continue;
      const preferred = fixesForFinding(entry.finding, editor, schemaCache).find((plan) => plan.isPreferred);
      if (preferred) plans.push(preferred);
    }
    return plans;
  }

  private plansFor(finding: Finding, formatting?: FormattingOptions): FixPlan[] {
    const editor = this.editor(formatting);
    return editor ? fixesForFinding(finding, editor, schemaCache) : [];
  }

  private editor(formatting?: FormattingOptions): DocumentEditor | undefined {
    return backends[this.format]?.editor(this.text, formatting);
  }
}

function sameRange(a: Diagnostic['range'], b: Diagnostic['range']): boolean {
  return (
    a.start.line === b.start.line && a.start.character === b.start.character &&
    a.end.line === b.end.line && a.end.character === b.end.character
  );
}

export function runCheck(text: string, options: CheckOptions): DocumentCheck {
  const format = options.format ?? 'json';
  const lines = new LineIndex(text);
  const located: Located[] = [];
  const make = (ruleId: RuleId, severity: Severity | undefined, data: DiagnosticData, message: string): Diagnostic | undefined =>
    severity === undefined
      ? undefined
      : {
          range: lines.rangeOf(data.offset, data.length),
          severity,
          code: ruleId,
          codeDescription: { href: RULE_DOCS[ruleId] },
          source: DIAGNOSTIC_SOURCE,
          message,
          data,
        };

  const backend = backends[format];
  if (!backend) {
    const diagnostic = make(CHECKER_RULE_ID, severityOf(CHECKER_RULE_ID, 3, options), { violation: 'skipped', offset: 0, length: 0 },
      `MCP description documents in ${format.toUpperCase()} are not supported by this version.`);
    return new DocumentCheck(text, format, lines, diagnostic ? [{ diagnostic }] : []);
  }

  try {
    const parsed = backend.parse(text);
    const syntaxSeverity = severityOf(SYNTAX_RULE_ID, 1, options);
    for (const error of parsed.syntaxErrors) {
      const diagnostic = make(SYNTAX_RULE_ID, syntaxSeverity, { violation: 'syntax-error', offset: error.offset, length: error.length }, error.message);
      if (diagnostic) located.push({ diagnostic });
    }
    const ruleSeverity = severityOf(ELICITATION_RULE_ID, 1, options);
    if (ruleSeverity !== undefined) {
      for (const root of parsed.roots) {
        if (root.type !== 'object') continue;
        for (const finding of checkElicitationConsistency(root, schemaCache)) {
          const data: DiagnosticData = { violation: finding.violation, offset: finding.offset, length: finding.length };
          located.push({ finding, diagnostic: make(ELICITATION_RULE_ID, ruleSeverity, data, finding.message)! });
        }
      }
    }
  } catch (error) {
    // Content never makes the rule throw; what can is the engine's own limits (a stack overflow on
    // absurd nesting). One diagnostic says so, and whatever was found before is dropped with it.
    located.length = 0;
    const tooDeep = error instanceof RangeError;
    const diagnostic = make(CHECKER_RULE_ID, severityOf(CHECKER_RULE_ID, tooDeep ? 2 : 1, options),
      { violation: tooDeep ? 'skipped' : 'internal-error', offset: 0, length: 0 },
      tooDeep
        ? 'This document is nested too deeply to be checked.'
        : `The checker failed on this document: ${error instanceof Error ? error.message : String(error)}`);
    if (diagnostic) located.push({ diagnostic });
  }
  return new DocumentCheck(text, format, lines, located);
}
