// The preferred quick-fix of each diagnostic of the invalid fixtures, applied through a server
// (codeActions.test.ts on one fixture per violation kind, codeActions.thorough.test.ts on all): the
// diagnostic is gone. Fixes that only add a declaration or remove content must add no new problem
// either (spec section 3); the others rewrite a request or a reference, after which later checks of
// the step (content against the now-right schema) legitimately run and may report what they find.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { CodeAction, Command, Diagnostic } from 'vscode-languageserver-protocol';
import { invalidFixtures, type Fixture } from './fixtures';
import type { LspTestClient } from './lspClient';
import { DECLARE_MAY_ADD } from '../support/ruleScope';

export function violationOf(diagnostic: Diagnostic): string {
  return String((diagnostic.data as { violation?: unknown } | undefined)?.violation);
}

export function isCodeAction(action: CodeAction | Command): action is CodeAction {
  return typeof (action as CodeAction).kind === 'string' || (action as CodeAction).edit !== undefined;
}

export function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

let uriCounter = 0;
/** A fresh URI per scenario, so parallel scenarios never share a document. */
export function scenarioUri(fixture: Fixture, scenario: string): string {
  const extension = fixture.languageId === 'jsonc' ? 'jsonc' : 'json';
  return `file:///mcpdesc-test/${scenario}/${uriCounter++}-${fixture.name.replace(/[^a-z0-9-]/gi, '_')}.${extension}`;
}

export async function quickFixesFor(client: LspTestClient, uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
  const actions = await client.codeActions(uri, diagnostic.range, [diagnostic], ['quickfix']);
  return actions.filter(isCodeAction);
}

/** The invalid fixtures the preferred fixes are tried on (YAML has its own fixes' tests). */
export const PREFERRED_FIX_FIXTURES: Fixture[] = invalidFixtures().filter((fixture) => fixture.languageId !== 'yaml');

/** The violations a fixture's hand-written expectations (X.expected.json) list. */
function expectedViolations(fixture: Fixture): Set<string> {
  const expected = fixture.path.replace(/\.jsonc?$/, '.expected.json');
  const entries = JSON.parse(fs.readFileSync(expected, 'utf8')) as Array<{ violation: string }>;
  return new Set(entries.map((entry) => entry.violation));
}

/** The first fixture (by name) of each violation kind the fixtures expect: every kind, few fixtures. */
export function oneFixturePerViolation(fixtures: Fixture[]): Fixture[] {
  const covered = new Set<string>();
  return fixtures.filter((fixture) => {
    const violations = [...expectedViolations(fixture)];
    if (violations.every((violation) => covered.has(violation))) return false;
    for (const violation of violations) covered.add(violation);
    return true;
  });
}

export interface PreferredFixOutcome {
  failures: string[];
  /** The titles of the fixes applied. */
  applied: string[];
}

const addsNothing = (title: string): boolean => title.startsWith('Declare elicitation') || title === 'Remove content';

/** Applies the preferred fix of each diagnostic of each of `scenarios`, each in a copy of its fixture (edit, then didChange). */
export async function preferredQuickFixOutcome(client: LspTestClient, scenarios: Fixture[]): Promise<PreferredFixOutcome> {
  const failures: string[] = [];
  const applied: string[] = [];
  await Promise.all(
    scenarios.map(async (fixture) => {
      const probeUri = scenarioUri(fixture, 'probe');
      await client.open(probeUri, fixture.text, fixture.languageId);
      const diagnostics = await client.diagnosticsFor(probeUri, 1);
      await client.close(probeUri);
      await Promise.all(
        diagnostics.map(async (_diagnostic, index) => {
          const uri = scenarioUri(fixture, `quickfix-${index}`);
          await client.open(uri, fixture.text, fixture.languageId);
          const before = await client.diagnosticsFor(uri, 1);
          const target = before[index];
          // "Suppress … on this line" (JSONC) is offered for every rule diagnostic and never preferred; the fixes proper are judged here.
          const actions = (await quickFixesFor(client, uri, target)).filter((action) => !action.title.startsWith('Suppress '));
          const preferred = actions.filter((action) => action.isPreferred);
          const label = `${fixture.name} #${index} ${violationOf(target)}`;
          if (actions.length > 0 && preferred.length !== 1) {
            failures.push(`${label}: ${preferred.length} preferred actions`);
          } else if (preferred.length === 1) {
            const title = preferred[0].title;
            const version = await client.applyEdits(uri, preferred[0].edit?.changes?.[uri] ?? []);
            const afterFix = countBy((await client.diagnosticsFor(uri, version)).map(violationOf));
            const beforeFix = countBy(before.map(violationOf));
            if ((afterFix.get(violationOf(target)) ?? 0) >= (beforeFix.get(violationOf(target)) ?? 0)) {
              failures.push(`${label} "${title}": the diagnostic is still there`);
            }
            if (addsNothing(title)) {
              beforeFix.set(violationOf(target), (beforeFix.get(violationOf(target)) ?? 0) - 1);
              for (const [violation, count] of afterFix) {
                // What no declaration the step could use avoids (test/support/ruleScope.ts).
                if (title.startsWith('Declare elicitation') && DECLARE_MAY_ADD.has(violation)) continue;
                if (count > (beforeFix.get(violation) ?? 0)) {
                  failures.push(
                    `${label} "${title}": ${count} × ${violation} after the fix (had ${beforeFix.get(violation) ?? 0})`,
                  );
                }
              }
            }
            applied.push(title);
          }
          await client.close(uri);
        }),
      );
    }),
  );
  return { failures, applied };
}

/** No failure, and each kind of fix was exercised. */
export function assertPreferredQuickFixesRemove({ failures, applied }: PreferredFixOutcome): void {
  assert.deepEqual(failures, []);
  assert.ok(
    applied.some((title) => title.startsWith('Declare elicitation')),
    'a Declare fix was exercised',
  );
  assert.ok(applied.includes('Remove content'), 'a Remove content fix was exercised');
  assert.ok(
    applied.some((title) => title.startsWith('Use the request of declaration')),
    'a Use the request fix was exercised',
  );
}

/**
 * Fix-all on each of `fixtures` through the server, then the preferred quick-fixes still offered on
 * what is left: one line per leftover (none when fix-all did everything it could).
 */
export async function fixAllLeftovers(client: LspTestClient, fixtures: Fixture[], scenario: string): Promise<string[]> {
  const failures: string[] = [];
  await Promise.all(
    fixtures.map(async (fixture) => {
      const uri = scenarioUri(fixture, scenario);
      await client.open(uri, fixture.text, fixture.languageId);
      await client.diagnosticsFor(uri, 1);
      const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
      const [fixAll] = (await client.codeActions(uri, range, [], ['source.fixAll'])).filter(isCodeAction);
      if (fixAll) {
        const version = await client.applyEdits(uri, fixAll.edit?.changes?.[uri] ?? []);
        for (const diagnostic of await client.diagnosticsFor(uri, version)) {
          const preferred = (await quickFixesFor(client, uri, diagnostic)).filter((action) => action.isPreferred);
          if (preferred.length > 0)
            failures.push(`${fixture.name}: ${violationOf(diagnostic)} still has "${preferred[0].title}"`);
        }
      }
      await client.close(uri);
    }),
  );
  return failures;
}
