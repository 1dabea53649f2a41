// JUnit XML, for CI systems that show test reports (GitLab's artifacts:reports:junit, Jenkins,
// Azure Pipelines): one test suite per file checked, one failing test case per error or warning
// (named by its rule and kind, placed by line and column), a passing test case for a file without
// any, and the files that could not be checked as test cases in error in a suite of their own.
// Information and hints are no failures and are left out (a test report has nothing between pass
// and fail), as ESLint's JUnit formatter leaves out nothing because it has no such severities.
//
// Text is XML-escaped; characters XML 1.0 cannot hold at all (most C0 controls, lone surrogates,
// U+FFFE/U+FFFF) are shown as escapes instead, so that no document string breaks the report.
import type { Severity } from '../../checker';
import type { AnchoredDiagnostic } from '../../host/findingAnchor';
import type { RunReport } from '../report';
import { oneLine } from './stylish';

const SUITES_NAME = 'mcpdesc-lint';
const SEVERITY_NAME: Record<Severity, string> = { 1: 'error', 2: 'warning', 3: 'information', 4: 'hint' };

export function formatJunit(report: RunReport): string {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  for (const file of report.files) {
    const failing = file.diagnostics.filter((diagnostic) => diagnostic.severity <= 2);
    const name = attribute(file.displayPath);
    const cases =
      failing.length === 0
        ? [`    <testcase classname="${name}" name="${SUITES_NAME}" time="0"/>`]
        : failing.map((diagnostic) => failingCase(file.displayPath, diagnostic));
    tests += cases.length;
    failures += failing.length;
    suites.push(
      `  <testsuite name="${name}" tests="${cases.length}" failures="${failing.length}" errors="0" skipped="0" time="0">`,
    );
    for (const testCase of cases) suites.push(testCase);
    suites.push('  </testsuite>');
  }
  if (report.failures.length > 0) {
    tests += report.failures.length;
    suites.push(
      `  <testsuite name="${SUITES_NAME}" tests="${report.failures.length}" failures="0" errors="${report.failures.length}" skipped="0" time="0">`,
    );
    for (const failure of report.failures) {
      suites.push(
        `    <testcase classname="${SUITES_NAME}" name="${attribute(failure)}" time="0">\n      <error message="${attribute(failure)}"/>\n    </testcase>`,
      );
    }
    suites.push('  </testsuite>');
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${SUITES_NAME}" tests="${tests}" failures="${failures}" errors="${report.failures.length}" time="0">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function failingCase(displayPath: string, diagnostic: AnchoredDiagnostic): string {
  const { line, character } = diagnostic.range.start;
  const where = `${line + 1}:${character + 1}`;
  const severity = SEVERITY_NAME[diagnostic.severity];
  const message = oneLine(diagnostic.message);
  const caseName = `${diagnostic.code}/${diagnostic.data.violation} at ${where}`;
  return [
    `    <testcase classname="${attribute(displayPath)}" name="${attribute(caseName)}" time="0">`,
    `      <failure type="${severity}" message="${attribute(message)}">${text(`${displayPath}:${where}: ${severity}: ${message} (${diagnostic.code})`)}</failure>`,
    '    </testcase>',
  ].join('\n');
}

/** What XML 1.0 cannot hold at all, shown as an escape: C0 controls but tab and line breaks, lone surrogates, U+FFFE, U+FFFF. */
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function representable(value: string): string {
  return value.replace(NOT_XML, (character) => {
    const code = character.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

function text(value: string): string {
  return representable(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value in double quotes; tab and line breaks as character references, which attribute normalization keeps. */
function attribute(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}
