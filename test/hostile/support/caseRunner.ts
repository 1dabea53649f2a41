// Child-process entry point: checks one hostile document and prints what the parent test asserts on
// (as one JSON line). Run in a child so that a hang is caught by the parent's timeout instead of
// freezing the test runner, and so that a preload can watch every file and network access.
//   node caseRunner.js --case <generated case name>
//   node caseRunner.js --file <path> [--file <path> ...]     (one report line per file)
import * as fs from 'node:fs';
import { checkDocument, formatOfPath, type DocumentFormat } from '../../../server/src/checker';
import { generatedCase, type CaseExpectation } from './generatedCases';
import { fixProblems } from './fixChecks';
import { rangesOutside } from './positions';
import { apartFromDeclarationValidity } from '../../support/ruleScope';

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

function expectationProblems(expect: CaseExpectation, violations: string[], messages: string[]): string[] {
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
      });
    } else if (flag === '--file' && value) {
      jobs.push({ name: value, text: fs.readFileSync(value).toString('utf8'), format: formatOfPath(value), fixAll: true });
    } else {
      throw new Error('usage: caseRunner (--case NAME | --file PATH)...');
    }
  }
  return jobs;
}

function run({ name, text, format, expect, fixAll }: Job): CaseReport {
  const result = checkDocument(text, { format });
  // The expectation is the consistency rule's (see expectations.ts); every diagnostic is range- and fix-checked.
  const compared = apartFromDeclarationValidity(result.diagnostics);
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
    expectationProblems: expect ? expectationProblems(expect, violations, messages) : [],
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
