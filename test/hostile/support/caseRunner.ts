// Child-process entry point: checks one hostile document and prints what the parent test asserts on
// (as one JSON line). Run in a child so that a hang is caught by the parent's timeout instead of
// freezing the test runner, and so that a preload can watch every file and network access.
//   node caseRunner.js --case <generated case name>
//   node caseRunner.js --file <path> [--file <path> ...]     (one report line per file)
import * as fs from 'node:fs';
import { checkDocument, formatOfPath, type DocumentFormat } from '../../../server/src/checker';
import { generatedCase, type CaseExpectation } from './generatedCases';
import { BUDGET_SPENT } from '../../../server/src/checker/timeBudget';
import { fixProblems } from './fixChecks';
import { rangesOutside } from './positions';
import { apartFromDeclarationValidity } from '../../support/ruleScope';
import { DECLARATION_RULE_ID, DOCUMENT_SCHEMA_RULE_ID, DOCUMENT_SEMANTICS_RULE_ID } from '../../../shared/src/rules';
import { elicitationOnly } from '../../support/ruleScope';

export interface CaseReport {
  name: string;
  diagnostics: number;
  violations: Record<string, number>;
  outOfRange: string[];
  expectationProblems: string[];
  fixProblems: string[];
  longestMessage: number;
  sample: Array<{ violation: string; range: unknown; message: string }>;
}

/**
 * What the case's expectation finds wrong with `reported` (the consistency rule's and the checker's
 * diagnostics, and the whole-document rules' when on); empty when they agree.
 */
export function expectationProblems(
  expect: CaseExpectation,
  reported: ReadonlyArray<{ violation: string; message: string }>,
): string[] {
  if (expect.orBudgetNotice !== undefined && reported.length === 1) {
    const [only] = reported;
    const budgetNotice =
      only.violation === 'skipped' && only.message.includes(expect.orBudgetNotice) && only.message.includes(BUDGET_SPENT);
    if (budgetNotice) return [];
  }
  const violations = reported.map((entry) => entry.violation);
  const messages = reported.map((entry) => entry.message);
  const problems: string[] = [];
  const unexpected = [...new Set(violations.filter((violation) => !expect.onlyViolations.includes(violation)))];
  if (unexpected.length > 0) problems.push(`unexpected violations: ${unexpected.join(', ')}`);
  if (expect.count !== undefined && violations.length !== expect.count)
    problems.push(`expected ${expect.count} diagnostics, got ${violations.length}`);
  if (expect.atLeast !== undefined && violations.length < expect.atLeast)
    problems.push(`expected at least ${expect.atLeast}, got ${violations.length}`);
  if (expect.atMost !== undefined && violations.length > expect.atMost)
    problems.push(`expected at most ${expect.atMost}, got ${violations.length}`);
  if (expect.messagesInclude !== undefined) {
    const without = messages.filter((message) => !message.includes(expect.messagesInclude!));
    if (without.length > 0)
      problems.push(`${without.length} messages lack '${expect.messagesInclude}', e.g. ${without[0].slice(0, 200)}`);
  }
  if (expect.accounts) {
    const { findings, notChecked, total } = expect.accounts;
    let accounted = 0;
    for (const entry of reported) {
      if (findings.includes(entry.violation)) accounted++;
      else if (entry.violation === 'skipped' && entry.message.includes(notChecked)) {
        const count = /^([\d,]+) /.exec(entry.message)?.[1];
        if (count === undefined) problems.push(`a notice that does not start with its count: ${entry.message}`);
        else accounted += Number(count.replace(/,/g, ''));
      }
    }
    const [least, most] = typeof total === 'number' ? [total, total] : total;
    if (accounted < least || accounted > most) problems.push(`found and not checked add up to ${accounted}, not ${total}`);
  }
  return problems;
}

/**
 * Fixes are checked for a sample of diagnostics: on 100,000 of them, the sample says as much. Each
 * fix is applied and the result re-parsed, so on multi-megabyte texts the sample is smaller.
 */
function fixSampleSize(text: string): number {
  return text.length > 5_000_000 ? 1 : text.length > 100_000 ? 3 : 25;
}

interface Job {
  name: string;
  text: string;
  format: DocumentFormat;
  expect?: CaseExpectation;
  fixAll: boolean;
  official: boolean;
}

function jobsOf(argv: string[]): Job[] {
  const jobs: Job[] = [];
  for (let index = 0; index < argv.length; index += 2) {
    const [flag, value] = [argv[index], argv[index + 1]];
    if (flag === '--case' && value) {
      const generated = generatedCase(value);
      jobs.push({
        name: value,
        text: generated.build(),
        format: generated.format ?? 'json',
        expect: generated.expect,
        fixAll: generated.fixAll !== false,
        official: generated.official === true,
      });
    } else if (flag === '--file' && value) {
      jobs.push({
        name: value,
        text: fs.readFileSync(value).toString('utf8'),
        format: formatOfPath(value),
        fixAll: true,
        official: false,
      });
    } else {
      throw new Error('usage: caseRunner (--case NAME | --file PATH)...');
    }
  }
  return jobs;
}

/** What a case's expectation is about: all but the declaration-validity rule's diagnostics when official, else the consistency rule's (and the checker's). */
export function comparedOf<T extends { code?: unknown }>(diagnostics: readonly T[], official: boolean): T[] {
  return official
    ? diagnostics.filter((diagnostic) => diagnostic.code !== DECLARATION_RULE_ID)
    : apartFromDeclarationValidity(diagnostics);
}

/** The mcpdesc:official preset: the whole-document rules on, each kind at its official severity. */
export const OFFICIAL_RULES = { [DOCUMENT_SCHEMA_RULE_ID]: 'on', [DOCUMENT_SEMANTICS_RULE_ID]: 'on' } as const;

function run({ name, text, format, expect, fixAll, official }: Job): CaseReport {
  // A case not marked official is the elicitation rules' (a partial document): their preset.
  const result = checkDocument(text, official ? { format, rules: OFFICIAL_RULES } : elicitationOnly({ format }));
  // The expectation is the consistency rule's (see expectations.ts), and the whole-document rules'
  // when on; every diagnostic is range- and fix-checked.
  const compared = comparedOf(result.diagnostics, official);
  const violations = compared.map((diagnostic) => diagnostic.data.violation);
  const messages = compared.map((diagnostic) => diagnostic.message);
  const counts: Record<string, number> = {};
  for (const violation of violations) counts[violation] = (counts[violation] ?? 0) + 1;
  const sampleSize = fixSampleSize(text);
  const stride = Math.ceil(result.diagnostics.length / sampleSize);
  const sampled = result.diagnostics.filter((_, index) => index < sampleSize || index % stride === 0).slice(0, 2 * sampleSize);
  const fixes = fixProblems(result, { diagnostics: sampled, fixAll, format });
  return {
    name,
    diagnostics: result.diagnostics.length,
    violations: counts,
    outOfRange: rangesOutside(text, result.diagnostics).slice(0, 10),
    expectationProblems: expect
      ? expectationProblems(
          expect,
          compared.map((diagnostic) => ({ violation: diagnostic.data.violation, message: diagnostic.message })),
        )
      : [],
    fixProblems: fixes.slice(0, 10),
    longestMessage: messages.reduce((longest, message) => Math.max(longest, message.length), 0),
    sample: result.diagnostics.slice(0, 3).map((diagnostic) => ({
      violation: diagnostic.data.violation,
      range: diagnostic.range,
      message: diagnostic.message.slice(0, 300),
    })),
  };
}

if (require.main === module) {
  for (const job of jobsOf(process.argv.slice(2))) process.stdout.write(`${JSON.stringify(run(job))}\n`);
}
