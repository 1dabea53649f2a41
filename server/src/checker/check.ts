// One check of one document: parse, run the rules on every root, turn findings into diagnostics.
import { CHECKER_RULE_ID, SYNTAX_RULE_ID, type RuleId } from '../../../shared/src/rules';
import { LineIndex } from './syntax/lineIndex';
import type { ParsedDocument, SyntaxError } from './syntax/json/jsonDocument';
import { syntaxOf } from './syntax/syntaxOf';
import { AliasExpansionError, MAX_ALIASED_VALUE_NODES, type SyntaxNode } from './syntax/tree';
import { schemaCache } from './schema/sharedSchemaCache';
import { DocumentSchemas } from './schema/documentSchemas';
import { withDocumentBudget } from './timeBudget';
import { internalErrorMessage, isStackOverflow, notCheckedNotices, TOO_DEEP_MESSAGE } from './rules/checkerNotices';
import type { NotChecked } from './notChecked';
import { diagnosticOfFinding, isRuleOn, makeDiagnostic, type DiagnosticOptions } from './rules/makeDiagnostic';
import {
  nothingFoundIn,
  reportEachProblemOnce,
  RULE_REGISTRY,
  scopesRunningOn,
  type FixDocument,
  type Found,
  type LocatedFinding,
  type RootFindings,
} from './rules/registry';
import type { DocumentEditor, ReadBack } from './syntax/editor';
import { usableFormatting } from './syntax/layout';
import type { FixPlan } from './rules/registry';
import { BrokenSyntax, SyntaxGuardedEditor } from './syntax/syntaxGuardedEditor';
import { applySuppressions, findSuppressions, SuppressionFixes, type Suppression } from './rules/suppressions';
import {
  DOCUMENT_PARSE_OFFICIAL_CODE,
  type CheckOptions,
  type Diagnostic,
  type DiagnosticData,
  type DocumentFormat,
  type Fix,
  type FormattingOptions,
} from './types';

/** Shared by every check: each distinct schema is compiled once per process. */
export { schemaCache };

/**
 * Syntax errors shown per document. Text that is not JSON at all (a binary or minified file of
 * another kind) gives one error every few characters: hundreds of thousands of diagnostics would
 * swamp the editor and the protocol without telling anyone more than the first ones do. 999: with
 * the notice about the rest, 1,000, as many as VS Code keeps per file (past that it drops the
 * notice, an Information, first) and as many as the language server sends (lsp/problemCap.ts).
 */
export const MAX_SYNTAX_DIAGNOSTICS = 999;

export interface PreferredFix {
  /** The diagnostic the plan fixes: its rule, violation and start offset. */
  code: string;
  violation: string;
  offset: number;
  plan: FixPlan;
  /** Other diagnostics the plan fixes too (fix-all's plans that do several fixes' work at once). */
  alsoFixes?: Array<{ violation: string; offset: number }>;
}

export interface Located {
  diagnostic: Diagnostic;
  /** The rule's finding the diagnostic reports; absent for notices and syntax errors. */
  found?: Found;
  /** Other rules' findings this diagnostic stands for (the same problem, reported once: sameProblem.ts); their fixes are offered with it. */
  alsoFixes?: Found[];
}

export class DocumentCheck {
  readonly diagnostics: Diagnostic[];
  private readonly located: Located[];
  /**
   * Brings the tree's nodes to this text's offsets before anything reads them: the one-tool shortcut
   * moves the tools after an edit only when read (incremental.ts), and the fixes read nodes too.
   */
  private settleTree: (() => void) | undefined;
  /**
   * The parse the diagnostics came from, for other features (navigation, symbols) to reuse. An own
   * property, as a plain field would be (a spread of the check keeps it), read through settleTree.
   */
  declare readonly roots: SyntaxNode[];
  private readonly parsedRoots: SyntaxNode[];
  /**
   * The located diagnostics by violation and range, built on the first fixesFor: the CLI asks for
   * the fixes of every diagnostic, and a scan of all of them per question made 45,000 diagnostics
   * cost two billion comparisons.
   */
  private byRange: Map<string, Located[]> | undefined;
  private suppressionFixes: SuppressionFixes | undefined;
  /**
   * The editor of the quick-fixes, per formatting options: made once, not per question. Making one
   * scans the text (its line breaks and indentation), and a code action request about a minified
   * document's one line asks about every diagnostic on it.
   */
  private editors: Map<string, DocumentEditor | undefined> | undefined;
  private brokenSyntax: BrokenSyntax | undefined;

  // One getter shared by every check, not a closure per check: V8 gives each object whose accessor
  // is a function of its own a hidden class of its own, and that class, an old-generation object,
  // kept the closure's tree reachable in every young-generation collection until the next full one.
  // Each document's whole tree was copied and promoted: a third of a workspace scan went to that.
  private static readonly readRoots = function (this: DocumentCheck): SyntaxNode[] {
    this.settleTree?.();
    return this.parsedRoots;
  };

  constructor(
    readonly text: string,
    readonly format: DocumentFormat,
    readonly lines: LineIndex,
    located: Located[],
    parsedRoots: SyntaxNode[] = [],
    /**
     * Every syntax error of the parse, shown or not (fix-all must never raise it); Infinity when the
     * text could not be parsed or checked at all, since nothing is worse than that.
     */
    readonly syntaxErrorCount = 0,
    /** The document's language has comments: "Suppress … on this line" is offered (CheckOptions.commentsAllowed). */
    private readonly commentsAllowed = false,
    /** The text's suppression comments; found again when not given. */
    private readonly suppressions?: readonly Suppression[],
    /** Where the syntax errors are (fixes stay away from them: SyntaxGuardedEditor). */
    private readonly syntaxErrorOffsets: readonly number[] = [],
  ) {
    this.parsedRoots = parsedRoots;
    Object.defineProperty(this, 'roots', { enumerable: true, get: DocumentCheck.readRoots });
    this.located = located.sort(
      (a, b) => a.diagnostic.data.offset - b.diagnostic.data.offset || a.diagnostic.data.length - b.diagnostic.data.length,
    );
    this.diagnostics = this.located.map((entry) => entry.diagnostic);
  }

  /** `settle` brings the tree to this text's offsets; it is called before every read of a node. */
  settleTreeWith(settle: () => void): this {
    this.settleTree = settle;
    return this;
  }

  fixesFor(diagnostic: Pick<Diagnostic, 'range' | 'data'>, formatting?: FormattingOptions): Fix[] {
    this.settleTree?.();
    const entry = this.entryFor(diagnostic);
    if (!entry) return [];
    const editor = hasFixes(entry) ? this.quickFixEditor(formatting) : undefined;
    const fixes: Fix[] = editor
      ? plansOf(entry, editor, this.fixDocument(formatting)).map((fix) => ({
          title: fix.title,
          isPreferred: fix.isPreferred,
          edits: fix.edits.map((edit) => ({ range: this.lines.rangeOf(edit.offset, edit.length), newText: edit.newText })),
        }))
      : [];
    if (this.commentsAllowed) {
      this.suppressionFixes ??= new SuppressionFixes(
        this.text,
        this.format,
        this.lines,
        this.suppressions ?? findSuppressions(this.text, this.format, this.lines),
        this.syntaxErrorCount > 0,
      );
      const suppression = this.suppressionFixes.fixFor(entry.diagnostic);
      if (suppression) fixes.push(suppression);
    }
    return fixes;
  }

  /**
   * How many diagnostics have a preferred fix: what counting `fixesFor(d).some((fix) => fix.isPreferred)`
   * over every diagnostic gives (a differential test holds it to that), with the quick-fixes' editor
   * and each located diagnostic planned once. Planning is linear in what a fix touches (no fix
   * scans the whole text, and YAML edits are read back from their tool's lines), so the CLI's
   * count of what --fix would fix costs a small part of the check.
   */
  preferredFixCount(formatting?: FormattingOptions): number {
    this.settleTree?.();
    let editor: DocumentEditor | undefined;
    const document = this.fixDocument(formatting);
    const preferred = (entry: Located): boolean => {
      editor ??= this.quickFixEditor(formatting);
      return editor !== undefined && plansOf(entry, editor, document).some((plan) => plan.isPreferred);
    };
    let count = 0;
    // The diagnostics at one range with one violation get one entry's fixes (entryFor). They are
    // neighbours here (sorted by offset and length), so they are grouped as they come, without the
    // range keys entryFor builds for a client's diagnostic: 400,000 of those cost seconds.
    const located = this.located;
    for (let start = 0; start < located.length;) {
      const { offset, length } = located[start].diagnostic.data;
      let end = start + 1;
      while (
        end < located.length &&
        located[end].diagnostic.data.offset === offset &&
        located[end].diagnostic.data.length === length
      )
        end++;
      if (end === start + 1) {
        if (hasFixes(located[start]) && preferred(located[start])) count++;
      } else {
        const byViolation = new Map<string, Located[]>();
        for (let index = start; index < end; index++) {
          const violation = located[index].diagnostic.data.violation;
          const same = byViolation.get(violation);
          if (same) same.push(located[index]);
          else byViolation.set(violation, [located[index]]);
        }
        for (const same of byViolation.values()) {
          const entry = same.find(hasFixes);
          if (entry && preferred(entry)) count += same.length;
        }
      }
      start = end;
    }
    return count;
  }

  /** The document as the fixes planned in it see it. */
  private fixDocument(formatting: FormattingOptions | undefined): FixDocument {
    return { text: this.text, format: this.format, roots: this.roots, formatting };
  }

  /** The located diagnostic whose fixes `diagnostic` gets: of those at its range with its violation, the first a rule can fix. */
  private entryFor(diagnostic: Pick<Diagnostic, 'range' | 'data'>): Located | undefined {
    const matching = this.locatedAt(diagnostic);
    return matching.find(hasFixes) ?? matching[0];
  }

  /** The located diagnostics with the violation and range of `diagnostic`, in document order. */
  private locatedAt(diagnostic: Pick<Diagnostic, 'range' | 'data'>): Located[] {
    if (!this.byRange) {
      this.byRange = new Map();
      for (const entry of this.located) {
        const key = rangeKey(entry.diagnostic.data.violation, entry.diagnostic.range);
        const same = this.byRange.get(key);
        if (same) same.push(entry);
        else this.byRange.set(key, [entry]);
      }
    }
    // A client's diagnostic may come back without data or with a malformed range: it then matches nothing.
    const violation: unknown = diagnostic.data?.violation;
    const range: unknown = diagnostic.range;
    if (typeof violation !== 'string' || !isRange(range)) return [];
    return this.byRange.get(rangeKey(violation, range)) ?? [];
  }

  /** The preferred fix of every diagnostic, in offsets, with the diagnostic it is for (for fix-all). */
  preferredFixes(formatting?: FormattingOptions, readBack: ReadBack = 'each'): PreferredFix[] {
    return this.planPreferredFixes(formatting, readBack)?.fixes ?? [];
  }

  /**
   * The preferred fixes with the editor that planned them. `readBack` (DocumentEditor's ReadBack):
   * with `deferred`, edits an editor would read back one by one (YAML) are taken on trust, to be
   * read back together for the ones chosen (DocumentEditor.confirmsTogether).
   */
  planPreferredFixes(
    formatting: FormattingOptions | undefined,
    readBack: ReadBack,
  ): { fixes: PreferredFix[]; editor: DocumentEditor } | undefined {
    this.settleTree?.();
    const editor = readBack === 'each' ? this.quickFixEditor(formatting) : this.editor(formatting, readBack);
    if (!editor) return undefined;
    const fixes: PreferredFix[] = [];
    const document = this.fixDocument(formatting);
    for (const entry of this.located) {
      const plan = plansOf(entry, editor, document).find((candidate) => candidate.isPreferred);
      if (plan)
        fixes.push({
          code: entry.diagnostic.code,
          violation: entry.diagnostic.data.violation,
          offset: entry.diagnostic.data.offset,
          plan,
        });
    }
    return { fixes, editor };
  }

  /** The syntax's editor; on text with syntax errors, one that keeps away from them (SyntaxGuardedEditor). */
  private editor(formatting: FormattingOptions | undefined, readBack: ReadBack): DocumentEditor | undefined {
    const editor = syntaxOf(this.format).editor(this.text, formatting, readBack);
    if (this.syntaxErrorCount === 0) return editor;
    this.brokenSyntax ??= new BrokenSyntax(this.roots, this.syntaxErrorOffsets, this.text, this.format);
    return new SyntaxGuardedEditor(editor, this.brokenSyntax);
  }

  private quickFixEditor(formatting: FormattingOptions | undefined): DocumentEditor | undefined {
    const usable = usableFormatting(formatting);
    const key = usable ? `${usable.tabSize}:${usable.insertSpaces}` : '';
    this.editors ??= new Map();
    if (!this.editors.has(key)) this.editors.set(key, this.editor(usable, 'each'));
    return this.editors.get(key);
  }
}

/** Whether a located diagnostic comes from a finding of a rule with fixes (else it has none of its own: a notice, a syntax error). */
function hasFixes(entry: Located): boolean {
  return entry.found?.rule.fixes !== undefined;
}

/**
 * The fixes of one diagnostic: its rule's, then those of the other rules' findings it stands for;
 * the first preferred one stays the only preferred one.
 */
function plansOf(entry: Located, editor: DocumentEditor, document: FixDocument): FixPlan[] {
  if (!entry.found) return [];
  const plans = fixesOfFound(entry.found, editor, document);
  if (!entry.alsoFixes) return plans;
  for (const found of entry.alsoFixes) for (const plan of fixesOfFound(found, editor, document)) plans.push(plan);
  let preferredSeen = false;
  return plans.map((plan) => {
    if (!plan.isPreferred) return plan;
    if (preferredSeen) return { ...plan, isPreferred: false };
    preferredSeen = true;
    return plan;
  });
}

function fixesOfFound({ rule, finding, root }: Found, editor: DocumentEditor, document: FixDocument): FixPlan[] {
  return rule.fixes ? rule.fixes(finding, editor, root, document) : [];
}

function rangeKey(violation: string, range: Diagnostic['range']): string {
  return `${range.start.line}:${range.start.character}:${range.end.line}:${range.end.character}:${violation}`;
}

function isRange(value: unknown): value is Diagnostic['range'] {
  if (!value || typeof value !== 'object') return false;
  const { start, end } = value as Partial<Diagnostic['range']>;
  return isPosition(start) && isPosition(end);
}

function isPosition(value: unknown): value is Diagnostic['range']['start'] {
  if (!value || typeof value !== 'object') return false;
  const { line, character } = value as Partial<Diagnostic['range']['start']>;
  return typeof line === 'number' && typeof character === 'number';
}

/** What one parse and one rule run produced, before it becomes diagnostics. */
export interface CheckParts {
  roots: SyntaxNode[];
  syntaxErrors: SyntaxError[];
  /**
   * Per rule of the registry, index for index: what it found in each root (index for index with
   * `roots`); undefined for a rule that did not run under the options.
   */
  found: Array<RootFindings[] | undefined>;
  /** Set when the check could not finish (the engine's limits, not the content). */
  failure?: unknown;
  /**
   * The rules that met the engine's limits (aliases expanding past their bound, nesting past the
   * stack) on this document, while the others finished: the whole-document rules read every value,
   * the elicitation rules only the tools', and one rule's limit must not silence the others.
   */
  ruleFailures?: RuleFailure[];
}

export interface RuleFailure {
  ruleId: RuleId;
  error: unknown;
}

/** Whether `error` is one of the engine's limits, which the document's content can reach in any rule. */
function isEngineLimit(error: unknown): boolean {
  return error instanceof AliasExpansionError || isStackOverflow(error);
}

/**
 * The parse of `text` and the findings on it of the rules that run under `options` (Rule.runsUnder);
 * `parse` is the syntax's own unless another reader is to be compared with it.
 */
export function parseAndFind(
  text: string,
  format: DocumentFormat,
  once = false,
  options: DiagnosticOptions = {},
  parse: (text: string) => ParsedDocument = syntaxOf(format).parse,
): CheckParts {
  try {
    const parsed = parse(text);
    const valueSource = syntaxOf(format).valueSourceText(text);
    const contexts = parsed.roots.map((root) => ({ root, schemas: new DocumentSchemas(schemaCache, valueSource, once) }));
    // The document's identity first: a rule runs on a root only where its `mcpdesc` and `$schema`
    // let it (a 0.7.0 document gets one finding, not those of rules written for 0.8.0).
    const runs = contexts.map((context) => scopesRunningOn(context.root, options));
    const ruleFailures: RuleFailure[] = [];
    const found = RULE_REGISTRY.map((rule) => {
      if (!rule.runsUnder(options)) return undefined;
      try {
        return contexts.map((context, index) =>
          runs[index](rule.scope) ? rule.checkRoot(context) : nothingFoundIn(context.root),
        );
      } catch (error) {
        if (!isEngineLimit(error)) throw error;
        ruleFailures.push({ ruleId: rule.id, error });
        return undefined;
      }
    });
    return {
      roots: parsed.roots,
      syntaxErrors: parsed.syntaxErrors,
      found,
      ...(ruleFailures.length > 0 ? { ruleFailures } : {}),
    };
  } catch (error) {
    // Content never makes the rules throw; what can is the engine's own limits (a stack overflow on
    // absurd nesting, a value whose aliases expand past a bound). One diagnostic says so instead of
    // a partial answer.
    return { roots: [], syntaxErrors: [], found: [], failure: error };
  }
}

export function runCheck(text: string, options: CheckOptions): DocumentCheck {
  return withDocumentBudget(() => checkWithinBudget(text, options), text.length);
}

/** The syntax a check under `options` reads: JSON unless they name another (the default's one home). */
export function formatOf(options: Pick<CheckOptions, 'format'>): DocumentFormat {
  return options.format ?? 'json';
}

function checkWithinBudget(text: string, options: CheckOptions): DocumentCheck {
  const format = formatOf(options);
  const lines = new LineIndex(text);
  return documentCheckOf(text, format, lines, parseAndFind(text, format, options.once, options), options);
}

/** The check of `text` from its parts: the diagnostics located, then the document's suppression comments applied. */
export function documentCheckOf(
  text: string,
  format: DocumentFormat,
  lines: LineIndex,
  parts: CheckParts,
  options: CheckOptions,
  notice?: Notice,
  /** The text's suppression comments, when the caller already knows them. */
  suppressions: readonly Suppression[] = findSuppressions(text, format, lines),
): DocumentCheck {
  const located = locate(withStrictErrors(parts, text, format, options), options, lines, notice);
  const { kept, unused } = applySuppressions(located, suppressions, lines, options);
  const all = unused.length === 0 ? kept : [...kept, ...unused.map((diagnostic) => ({ diagnostic }))];
  return new DocumentCheck(
    text,
    format,
    lines,
    all,
    parts.roots,
    syntaxErrorCountOf(parts),
    options.commentsAllowed === true,
    suppressions,
    parts.syntaxErrors.map((error) => error.offset),
  );
}

/**
 * The parts with, among their syntax errors, what the document's language forbids and the parse
 * tolerated (comments and trailing commas in plain JSON: CheckOptions.commentsAllowed false). Only
 * the diagnostics see them: the tree is whole, so fix-all's count of syntax errors and the editor
 * that keeps away from broken text (syntaxErrorCountOf, SyntaxGuardedEditor) go by the parse's own.
 */
function withStrictErrors(parts: CheckParts, text: string, format: DocumentFormat, options: CheckOptions): CheckParts {
  if (options.commentsAllowed !== false || parts.failure !== undefined) return parts;
  // Where the parse already reports an error (a block comment never closed), that one error stays.
  const parseErrorOffsets = new Set(parts.syntaxErrors.map((error) => error.offset));
  const strict = syntaxOf(format)
    .strictErrors(text)
    .filter((error) => !parseErrorOffsets.has(error.offset));
  if (strict.length === 0) return parts;
  const syntaxErrors = [...parts.syntaxErrors, ...strict].sort((a, b) => a.offset - b.offset);
  return { ...parts, syntaxErrors };
}

export function syntaxErrorCountOf(parts: CheckParts): number {
  return parts.failure !== undefined ? Infinity : parts.syntaxErrors.length;
}

type Notice = { violation: 'skipped' | 'internal-error'; message: string };

/** Diagnostics for the parts, with the configured severities; a rule set to 'off' yields nothing. */
export function locate(parts: CheckParts, options: CheckOptions, lines: LineIndex, notice?: Notice): Located[] {
  const located: Located[] = [];
  const push = (ruleId: RuleId, data: DiagnosticData, message: string) => {
    const diagnostic = makeDiagnostic(ruleId, data, message, lines.rangeOf(data.offset, data.length), options);
    if (diagnostic) located.push({ diagnostic });
  };
  notice ??= parts.failure !== undefined ? failureNotice(parts.failure) : undefined;
  if (notice) push(CHECKER_RULE_ID, { violation: notice.violation, offset: 0, length: 0 }, notice.message);
  for (const error of parts.syntaxErrors.slice(0, MAX_SYNTAX_DIAGNOSTICS)) {
    // The official validator does not read such a document at all: its one finding is document-parse,
    // on the whole document (pointer '').
    const official = { officialCode: DOCUMENT_PARSE_OFFICIAL_CODE, pointer: '' };
    push(SYNTAX_RULE_ID, { violation: 'syntax-error', offset: error.offset, length: error.length, ...official }, error.message);
  }
  const omitted = parts.syntaxErrors.length - MAX_SYNTAX_DIAGNOSTICS;
  if (omitted > 0 && options.rules?.[SYNTAX_RULE_ID] !== 'off') {
    const firstOmitted = parts.syntaxErrors[MAX_SYNTAX_DIAGNOSTICS];
    const message = `${omitted.toLocaleString('en-US')} more syntax error${omitted === 1 ? '' : 's'} from here on ${omitted === 1 ? 'is' : 'are'} not shown (the first ${MAX_SYNTAX_DIAGNOSTICS.toLocaleString('en-US')} are).`;
    push(CHECKER_RULE_ID, { violation: 'skipped', offset: firstOmitted.offset, length: firstOmitted.length }, message);
  }
  // A rule that is off still runs where it notices what it could not check; its limit is said only when it is on.
  for (const failure of (parts.ruleFailures ?? []).filter((ruleFailure) => isRuleOn(ruleFailure.ruleId, options))) {
    push(CHECKER_RULE_ID, { violation: 'skipped', offset: 0, length: 0 }, ruleFailureMessage(failure));
  }
  for (const entry of reportEachProblemOnce(locateFindings(parts, options, lines))) located.push(entry);
  // What a rule could not check (the time budget, a pattern the runtime cannot run): notices, one per
  // kind and reason, on the first of them.
  for (const notChecked of notCheckedNotices(notCheckedOf(parts))) {
    push(CHECKER_RULE_ID, { violation: 'skipped', offset: notChecked.offset, length: notChecked.length }, notChecked.message);
  }
  return located;
}

/** The notice of a check that could not finish. */
function failureNotice(failure: unknown): Notice {
  if (failure instanceof AliasExpansionError) return { violation: 'skipped', message: failure.message };
  if (isStackOverflow(failure)) return { violation: 'skipped', message: TOO_DEEP_MESSAGE };
  return { violation: 'internal-error', message: internalErrorMessage(failure) };
}

function ruleFailureMessage({ ruleId, error }: RuleFailure): string {
  const reason =
    error instanceof AliasExpansionError
      ? `aliases in this document expand to more than ${MAX_ALIASED_VALUE_NODES.toLocaleString('en-US')} nodes in a value it reads`
      : 'the document is nested too deeply for it';
  return `Rule ${ruleId} did not check this document: ${reason}. The other rules did.`;
}

/** Every rule's findings as diagnostics, rule by rule in the registry's order, root by root, each root's tools then the rest. */
function locateFindings(parts: CheckParts, options: DiagnosticOptions, lines: LineIndex): LocatedFinding[] {
  const located: LocatedFinding[] = [];
  RULE_REGISTRY.forEach((rule, ruleIndex) => {
    parts.found[ruleIndex]?.forEach((found, rootIndex) => {
      const root = parts.roots[rootIndex];
      const add = (finding: (typeof found.others)[number]) => {
        const diagnostic = diagnosticOfFinding(rule.id, finding, lines, options);
        if (diagnostic) located.push({ found: { rule, finding, root }, diagnostic });
      };
      for (const tool of found.tools) for (const finding of tool.findings) add(finding);
      for (const finding of found.others) add(finding);
    });
  });
  return located;
}

/** What the rules could not check, rule by rule. */
function notCheckedOf(parts: CheckParts): NotChecked[] {
  const records: NotChecked[] = [];
  for (const perRoot of parts.found) {
    for (const found of perRoot ?? []) {
      for (const record of found.othersNotChecked) records.push(record);
      for (const tool of found.tools) for (const record of tool.notChecked) records.push(record);
    }
  }
  return records;
}
