// Inline suppressions: comments in a document that hide some of its diagnostics, applied after the
// check to what it found, so that every front (and fix-all, which must not fix what is hidden)
// sees the same result.
//
//   // mcpdesc-disable-next-line                          every diagnostic starting on the next line
//   // mcpdesc-disable-next-line RULE, RULE/violation -- why   only those rules (or kinds)
//   # mcpdesc-disable-file RULE                            (YAML) that rule anywhere in the file
//
// Comments are what the document's syntax says they are (syntax/comments.ts: its parser's own
// tokens), so a directive inside a string or a block scalar is text, not a suppression.
// "The next line" is the line after the comment ends. A suppression that hides nothing is reported
// as mcpdesc.unused-suppression, which is off unless configured.
import {
  CHECKER_RULE_ID,
  CONFIG_RULE_ID,
  SYNTAX_RULE_ID,
  UNUSED_SUPPRESSION_RULE_ID,
  isRuleId,
} from '../../../../shared/src/rules';
import type { Comment, LineSpanningTokens } from '../syntax/comments';
import type { LineIndex } from '../syntax/lineIndex';
import type { Syntax } from '../syntax/syntax';
import { syntaxOf } from '../syntax/syntaxOf';
import { makeDiagnostic, type DiagnosticOptions } from './makeDiagnostic';
import type { Diagnostic, DocumentFormat, Fix } from '../types';

export const NEXT_LINE_DIRECTIVE = 'mcpdesc-disable-next-line';
export const FILE_DIRECTIVE = 'mcpdesc-disable-file';
/** Both directives start with it: a text without it has no suppressions, and is not scanned. */
const DIRECTIVE_PREFIX = 'mcpdesc-disable';
const DIRECTIVE = /^(\s*)(mcpdesc-disable-next-line|mcpdesc-disable-file)(?=\s|$)/;

/** Codes the "Suppress … on this line" fix is not offered for (they are about the file, not a place in it). */
const NOT_OFFERED: ReadonlySet<string> = new Set([SYNTAX_RULE_ID, CHECKER_RULE_ID, CONFIG_RULE_ID, UNUSED_SUPPRESSION_RULE_ID]);

export interface SuppressionTarget {
  ruleId: string;
  violation?: string;
  /** Where `RULE[/violation]` is written in the text. */
  offset: number;
  length: number;
}

export interface Suppression {
  scope: 'next-line' | 'file';
  /** For 'next-line': the zero-based line whose diagnostics it hides. */
  line: number;
  /** Empty: every rule. */
  targets: SuppressionTarget[];
  /** Where the directive word is written (an unused every-rule suppression is reported there). */
  offset: number;
  length: number;
}

/** Whether `text` contains what every directive starts with (if not, it has no suppressions). */
export function mayHoldDirectives(text: string): boolean {
  return text.includes(DIRECTIVE_PREFIX);
}

export function findSuppressions(text: string, format: DocumentFormat, lines: LineIndex): Suppression[] {
  if (!mayHoldDirectives(text)) return [];
  const suppressions: Suppression[] = [];
  for (const comment of syntaxOf(format).comments(text)) {
    const suppression = parseDirective(comment, lines);
    if (suppression) suppressions.push(suppression);
  }
  return suppressions;
}

/**
 * Whether `text`, edited by `change` from a text without a directive, may have one now: only if
 * the directive prefix overlaps the characters the change wrote (or the place where it deleted).
 */
export function changeMayWriteDirective(text: string, change: { offset: number; newLength: number }): boolean {
  const reach = DIRECTIVE_PREFIX.length - 1;
  return text.slice(Math.max(0, change.offset - reach), change.offset + change.newLength + reach).includes(DIRECTIVE_PREFIX);
}

function parseDirective(comment: Comment, lines: LineIndex): Suppression | undefined {
  const match = DIRECTIVE.exec(comment.content);
  if (!match) return undefined;
  const wordOffset = comment.offset + match[1].length;
  const scope = match[2] === FILE_DIRECTIVE ? 'file' : 'next-line';
  // What follows ` -- ` is the author's reason, not a rule.
  let rest = comment.content.slice(match[0].length);
  const reason = /(^|\s)--(\s|$)/.exec(rest);
  if (reason) rest = rest.slice(0, reason.index);
  const targets: SuppressionTarget[] = [];
  let at = comment.offset + match[0].length;
  for (const part of rest.split(',')) {
    const trimmed = part.trim();
    if (trimmed !== '') {
      const slash = trimmed.indexOf('/');
      targets.push({
        ruleId: slash < 0 ? trimmed : trimmed.slice(0, slash),
        ...(slash < 0 ? {} : { violation: trimmed.slice(slash + 1) }),
        offset: at + part.indexOf(trimmed),
        length: trimmed.length,
      });
    }
    at += part.length + 1;
  }
  // A comment ending at the end of its line (a line comment includes no line break) covers the line after.
  const line = lines.positionAt(comment.end).line + 1;
  return { scope, line, targets, offset: wordOffset, length: match[2].length };
}

/** The directives covering one line (or the whole file), by what they hide. */
class Coverage {
  /** Directives that name no rule: they hide every diagnostic they cover. */
  readonly everyRule: Suppression[] = [];
  /** Targets by rule, then by violation (undefined: every violation of the rule). */
  readonly byRule = new Map<string, Map<string | undefined, SuppressionTarget[]>>();

  add(suppression: Suppression): void {
    if (suppression.targets.length === 0) this.everyRule.push(suppression);
    for (const target of suppression.targets) {
      let ofRule = this.byRule.get(target.ruleId);
      if (!ofRule) this.byRule.set(target.ruleId, (ofRule = new Map()));
      const same = ofRule.get(target.violation);
      if (same) same.push(target);
      else ofRule.set(target.violation, [target]);
    }
  }
}

export interface SuppressionOutcome<T> {
  kept: T[];
  /** mcpdesc.unused-suppression diagnostics (none while that rule is off). */
  unused: Diagnostic[];
}

/**
 * The entries whose diagnostic no suppression hides, and one diagnostic per suppression (or
 * target of one) that hid nothing. An unused-suppression diagnostic is never itself suppressed.
 */
export function applySuppressions<T extends { diagnostic: Diagnostic }>(
  entries: T[],
  suppressions: readonly Suppression[],
  lines: LineIndex,
  options: DiagnosticOptions,
): SuppressionOutcome<T> {
  if (suppressions.length === 0) return { kept: entries, unused: [] };
  // Each diagnostic looks up what covers it (the file's directives, its line's) by its rule and
  // violation: a directive on each of 45,000 lines, or one naming 40,000 rules, must not be compared
  // with every diagnostic. Each list of what a diagnostic matches is marked used once.
  const fileWide = new Coverage();
  const byLine = new Map<number, Coverage>();
  for (const suppression of suppressions) {
    let coverage = fileWide;
    if (suppression.scope === 'next-line') {
      coverage = byLine.get(suppression.line) ?? new Coverage();
      byLine.set(suppression.line, coverage);
    }
    coverage.add(suppression);
  }
  const used = new Set<Suppression | SuppressionTarget>();
  const marked = new Set<ReadonlyArray<Suppression | SuppressionTarget>>();
  const hides = (matches: ReadonlyArray<Suppression | SuppressionTarget> | undefined): boolean => {
    if (!matches || matches.length === 0) return false;
    if (!marked.has(matches)) {
      marked.add(matches);
      for (const match of matches) used.add(match);
    }
    return true;
  };
  const kept = entries.filter(({ diagnostic }) => {
    let hidden = false;
    for (const coverage of [fileWide, byLine.get(diagnostic.range.start.line)]) {
      if (!coverage) continue;
      const ofRule = coverage.byRule.get(diagnostic.code);
      // Every list is marked, not only the first that hides: each directive it matches is used.
      const everyRule = hides(coverage.everyRule);
      const anyViolation = hides(ofRule?.get(undefined));
      const thisViolation = hides(ofRule?.get(diagnostic.data.violation));
      hidden ||= everyRule || anyViolation || thisViolation;
    }
    return !hidden;
  });
  const unused: Diagnostic[] = [];
  const report = (offset: number, length: number, message: string): void => {
    const diagnostic = makeDiagnostic(
      UNUSED_SUPPRESSION_RULE_ID,
      { violation: 'unused-suppression', offset, length },
      message,
      lines.rangeOf(offset, length),
      options,
    );
    if (diagnostic) unused.push(diagnostic);
  };
  for (const suppression of suppressions) {
    const where = suppression.scope === 'file' ? 'in this file' : `on line ${suppression.line + 1}`;
    if (suppression.targets.length === 0) {
      if (!used.has(suppression))
        report(suppression.offset, suppression.length, `Unused suppression: no problem is reported ${where}.`);
      continue;
    }
    for (const target of suppression.targets) {
      if (used.has(target)) continue;
      const named = target.violation === undefined ? target.ruleId : `${target.ruleId}/${target.violation}`;
      const message = isRuleId(target.ruleId)
        ? `Unused suppression: no ${named} problem is reported ${where}.`
        : `Unused suppression: '${target.ruleId}' is not a rule of this linter, so nothing is suppressed ${where}.`;
      report(target.offset, target.length, message);
    }
  }
  return { kept, unused };
}

/**
 * "Suppress RULE/violation on this line": a directive comment on its own line above the line the
 * diagnostic starts on, indented as that line; added to a directive already there. None for
 * diagnostics about the file as a whole, and none where a line cannot take a comment before it
 * (inside a multi-line string, block comment or block scalar).
 *
 * Built once per check and asked once per diagnostic (the CLI counts the fixable ones of all of
 * them): what it needs of the text (the directives by line, the tokens that span a line break) is
 * found on the first question, so each answer is a lookup, not a scan of the whole text.
 */
export class SuppressionFixes {
  private nextLine: Map<number, Suppression[]> | undefined;
  private spans: LineSpanningTokens | undefined;
  private lineBreak: string | undefined;
  private readonly syntax: Syntax;

  constructor(
    private readonly text: string,
    format: DocumentFormat,
    private readonly lines: LineIndex,
    /** The text's directives (findSuppressions of it). */
    private readonly suppressions: readonly Suppression[],
    /** The text has syntax errors (a syntax may then take no comment line: Syntax.commentLinesBesideSyntaxErrors). */
    private readonly hasSyntaxErrors = false,
  ) {
    this.syntax = syntaxOf(format);
  }

  fixFor(diagnostic: Diagnostic): Fix | undefined {
    if (NOT_OFFERED.has(diagnostic.code)) return undefined;
    const { text, syntax, lines } = this;
    const target = `${diagnostic.code}/${diagnostic.data.violation}`;
    const line = diagnostic.range.start.line;
    const lineStart = lines.offsetAt({ line, character: 0 });
    if (this.hasSyntaxErrors && !syntax.commentLinesBesideSyntaxErrors) return undefined;
    if (!(this.spans ??= syntax.lineSpanningTokens(text)).canStartWithComment(lineStart)) return undefined;
    const title = `Suppress ${target} on this line`;
    const existing = line > 0 ? this.directiveAbove(line) : undefined;
    if (existing) {
      if (existing.targets.length === 0) return undefined; // it already hides everything on this line
      const last = existing.targets[existing.targets.length - 1];
      const at = lines.positionAt(last.offset + last.length);
      return { title, isPreferred: false, edits: [{ range: { start: at, end: at }, newText: `, ${target}` }] };
    }
    // A byte order mark stays first: a comment written before it would leave it inside the text,
    // where JSON reads it as a stray character (a syntax error the fix would add).
    const afterMark = lineStart === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const indent = /^[ \t]*/.exec(text.slice(lineStart + afterMark, lineStart + afterMark + 200))![0];
    // Found once: a scan of the text per diagnostic made every code action request over many of them quadratic.
    const lineBreak = (this.lineBreak ??= text.includes('\r\n') ? '\r\n' : '\n');
    const marker = syntax.lineCommentMarker;
    const at = { line, character: afterMark };
    return {
      title,
      isPreferred: false,
      edits: [{ range: { start: at, end: at }, newText: `${indent}${marker} ${NEXT_LINE_DIRECTIVE} ${target}${lineBreak}` }],
    };
  }

  /** The next-line directive that is the whole of the line above `line`, if there is one. */
  private directiveAbove(line: number): Suppression | undefined {
    const { text, lines } = this;
    const start = lines.offsetAt({ line: line - 1, character: 0 });
    const end = lines.offsetAt({ line, character: 0 });
    const above = text.slice(start, end);
    if (!above.trimStart().startsWith(this.syntax.lineCommentMarker) || !above.includes(NEXT_LINE_DIRECTIVE)) return undefined;
    if (!this.nextLine) {
      this.nextLine = new Map();
      for (const suppression of this.suppressions) {
        if (suppression.scope !== 'next-line') continue;
        const atLine = this.nextLine.get(suppression.line);
        if (atLine) atLine.push(suppression);
        else this.nextLine.set(suppression.line, [suppression]);
      }
    }
    return this.nextLine.get(line)?.find((suppression) => suppression.offset >= start && suppression.offset < end);
  }
}
