// The one pass that reports a problem once when several rules see it: the consistency rule's
// invalid-declaration and the declaration-validity rule both judge a tool's declarations. Of two
// findings about the same subject and aspect (Rule.problemOf), the earlier rule's diagnostic stays;
// the later one is hidden behind it, and offers its fixes there when it says the same thing
// (Rule.fixesTheSameProblem). Then a rule that reportsRepeatsOnce keeps one of its findings per place,
// kind and message (a schema reached through a $componentRef is one node for every declaration using it).
import type { SyntaxNode } from '../syntax/tree';
import type { Diagnostic } from '../types';
import type { Finding, Problem, Rule } from './rule';

/** A rule's finding, with the root it was found in (its fixes and pointers start there). */
export interface Found {
  rule: Rule;
  finding: Finding;
  root: SyntaxNode;
}

/** A diagnostic of a finding, and the findings of other rules whose fixes it offers after its own. */
export interface LocatedFinding {
  found: Found;
  diagnostic: Diagnostic;
  alsoFixes?: Found[];
}

/**
 * A problem named by where it is reported inside one node (an interaction step): two rules that
 * underline the same range of the same step say the same thing there (the structural schema and the
 * elicitation rule both reject a declined step's `content`, a `declaration` of 42, an unknown `action`).
 */
export function problemAtRange(subject: SyntaxNode, finding: Pick<Finding, 'offset' | 'length'>): Problem {
  return { subject, aspect: `range:${finding.offset}:${finding.length}` };
}

/** `located`: in rule order (the registry's). Returns those to report, in that order. */
export function reportEachProblemOnce(located: readonly LocatedFinding[]): LocatedFinding[] {
  const kept: LocatedFinding[] = [];
  const reported = new Map<SyntaxNode, Map<string, LocatedFinding>>();
  const repeats = new Map<Rule, Set<string>>();
  for (const entry of located) {
    const { rule, finding } = entry.found;
    const problem = rule.problemOf?.(finding);
    if (problem) {
      const owner = reported.get(problem.subject)?.get(problem.aspect);
      if (owner && owner.found.rule !== rule) {
        if (rule.fixesTheSameProblem?.(finding)) (owner.alsoFixes ??= []).push(entry.found);
        continue;
      }
    }
    if (rule.reportsRepeatsOnce) {
      const key = `${finding.offset}:${finding.length}:${finding.violation}:${finding.message}`;
      let seen = repeats.get(rule);
      if (!seen) repeats.set(rule, (seen = new Set()));
      if (seen.has(key)) continue;
      seen.add(key);
    }
    kept.push(entry);
    if (problem) {
      let aspects = reported.get(problem.subject);
      if (!aspects) reported.set(problem.subject, (aspects = new Map()));
      // The last of a rule's findings about one problem takes the others' fixes (a node two tools share).
      aspects.set(problem.aspect, entry);
    }
  }
  return kept;
}
