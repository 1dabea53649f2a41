// The contract every rule keeps, so that the check (check.ts) and the one-tool re-check
// (incremental.ts) run, locate, de-duplicate and fix the findings of any rule the same way, knowing
// none by name: a rule is its id (its metadata is the rules table's row), a check of one root and a
// check of one tool that return findings of one shape, and the fixes of its own findings. The rules
// are listed once, in registry.ts.
import { RULES, type RuleDescription, type RuleId } from '../../../../shared/src/rules';
import type { DocumentSchemas } from '../schema/documentSchemas';
import type { NotChecked } from '../notChecked';
import type { SyntaxNode } from '../syntax/tree';
import type { DocumentEditor } from '../syntax/editor';
import type { FixPlan } from './fixPlan';
import type { CheckOptions, DiagnosticData, DocumentFormat, FormattingOptions } from '../types';

/** The kinds rules report (data.violation), beside the notices' and syntax errors' own. */
export type FindingKind = DiagnosticData['violation'];

/**
 * What a rule reports: one finding per problem. A rule's findings may carry more (the model objects
 * its fixes are built from); nothing but the rule reads that. `offset` moves: the one-tool shortcut
 * shifts the findings after an edit instead of finding them again.
 */
export interface Finding<Violation extends FindingKind = FindingKind> {
  /** The kind of problem (data.violation): what severities, suppressions and fixes are keyed by. */
  violation: Violation;
  offset: number;
  length: number;
  message: string;
  /** The official validator's code for the same problem (data.officialCode), when it has one. */
  officialCode?: string;
  /** Where the official validator reports it, as a JSON pointer (data.pointer). */
  pointer?: string;
}

/** A rule's findings in one tool (an element of `tools`) and what it could not check there (notChecked.ts). */
export interface ToolFindings<F extends Finding = Finding> {
  findings: F[];
  notChecked: NotChecked[];
}

/**
 * A rule's findings in one root, kept per element of `tools` so that an edit inside one tool
 * re-checks that tool alone (incremental.ts); `others` are the rest (the root's own members,
 * resources, prompts...). A finding is listed where it was found, not where it lies: a tool's
 * finding may lie in a component its tool refers to.
 */
export interface RootFindings<F extends Finding = Finding> {
  /** Per element of `tools`, index for index (empty when the root has no `tools` array). */
  tools: ToolFindings<F>[];
  others: F[];
  /** What could not be checked outside the tools. */
  othersNotChecked: NotChecked[];
}

/** What a rule's check of one root is given. */
export interface RootContext {
  root: SyntaxNode;
  /** The compiled schemas of this check (the elicitation rule's requested schemas). */
  schemas: DocumentSchemas;
}

/** What a rule's check of one tool is given: the tool, its place, and its siblings (for the names they share). */
export interface ToolContext extends RootContext {
  tool: SyntaxNode;
  index: number;
  /** The elements of `tools`, the tool among them. */
  elements: readonly SyntaxNode[];
  /** How many elements bear each name (messages tell same-named tools apart). */
  nameCounts: ReadonlyMap<string, number>;
}

/**
 * The document a fix is planned in, for the fixes that rewrite more than the nodes their finding
 * names (the 0.7.0 migration re-reads the text, root by root).
 */
export interface FixDocument {
  text: string;
  format: DocumentFormat;
  roots: readonly SyntaxNode[];
  formatting?: FormattingOptions;
}

/**
 * Which rules a root's identity (its `mcpdesc` and `$schema`: formatVersion.ts) lets run: the
 * identity's own findings always; the elicitation rules on any version but 0.7.0; the
 * whole-document rules on 0.8.0 alone.
 */
export type RuleScope = 'identity' | 'elicitation' | 'document';

/**
 * What a finding is about, for the one pass that reports a problem two rules see once
 * (sameProblem.ts): the node and the part of it. Two findings of different rules with the same
 * subject and aspect are the same problem.
 */
export interface Problem {
  subject: SyntaxNode;
  aspect: string;
}

export interface Rule<F extends Finding = Finding> {
  readonly id: RuleId;
  /** The rules table's row (shared/src/rules.ts): name, descriptions, page, severities. */
  readonly meta: RuleDescription;
  /** Which documents it runs on, by their identity (RuleScope). */
  readonly scope: RuleScope;
  /**
   * Whether the rule runs under these options. Usually whether it is on; a rule whose work other
   * rules' notices depend on may run while off (its diagnostics are then not made).
   */
  runsUnder(options: Pick<CheckOptions, 'rules'>): boolean;
  /** Every finding of one root (a root of any type: a document that is not an object is a finding too). */
  checkRoot(context: RootContext): RootFindings<F>;
  /** The findings of one tool, as checkRoot lists them for it (the one-tool shortcut; the root is an object). */
  checkTool(context: ToolContext): ToolFindings<F>;
  /** The fixes of one of its findings, found in `root`; the first preferred one is the fix. */
  fixes?(finding: F, editor: DocumentEditor, root: SyntaxNode, document: FixDocument): FixPlan[];
  /** What the finding is about, when another rule may report the same problem (sameProblem.ts). */
  problemOf?(finding: F): Problem | undefined;
  /**
   * Whether, when an earlier rule reports this finding's problem, this finding's fixes are offered
   * with that rule's diagnostic (it says the same thing, so its fix repairs both); else it is only hidden.
   */
  fixesTheSameProblem?(finding: F): boolean;
  /**
   * Whether findings with the same place, kind and message are reported once: a node every
   * declaration using it is judged in (a schema reached through a $componentRef) gives one each.
   */
  readonly reportsRepeatsOnce?: boolean;
}

/** The rules table's row of `id`: what each rule's `meta` is. */
export function metaOf(id: RuleId): RuleDescription {
  return RULES[id];
}
