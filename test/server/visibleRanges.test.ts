// Issue 19: a document with more problems than mcpdesc.maxProblemsPerFile, over stdio. The server
// sends the cap exactly: the problems nearest the lines the client says are in view (the first in
// the file before it says anything, and for closed files), plus one notice whose count, lines and
// range are exact; a scroll re-sends from the last check without checking again; an edit in view
// shows up at once and its fix takes it away, and a quick fix in view is re-checked like any edit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { CHECKER_RULE_ID, VISIBLE_RANGES_NOTIFICATION } from '../../shared/src/constants';
import { shippedDocsBaseUri } from '../../shared/src/shippedDocs';
import { checkDocument, type Diagnostic } from '../../server/src/checker';
import { generateMcpdesc } from '../../bench/generate';
import { togglePoint, toggleChange } from '../../bench/togglePoint';
import { LspTestClient, type RecordedPublish } from './lspClient';
import { TempWorkspace } from '../workspace/tempWorkspace';

const CAP = 40;
const TEXT = generateMcpdesc(19, 300_000, { violationRate: 0.8 }).text;
const URI = 'file:///mcpdesc-test/visible/many.mcpdesc.json';

/** What a full check gives, as it arrives over JSON, in document order. */
function problemsOf(text: string): Diagnostic[] {
  const diagnostics = JSON.parse(
    JSON.stringify(checkDocument(text, { docsBaseUri: shippedDocsBaseUri() }).diagnostics),
  ) as Diagnostic[];
  return diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

const lineNumber = (zeroBased: number): string => (zeroBased + 1).toLocaleString('en-US');

/** The `CAP - 1` problems nearest the view (lines from `first` to `last`), ties to the earlier, back in document order. */
function nearest(problems: Diagnostic[], first: number, last: number): Diagnostic[] {
  const distance = (d: Diagnostic) =>
    d.range.start.line > last ? d.range.start.line - last : d.range.end.line < first ? first - d.range.end.line : 0;
  const chosen = new Set(
    problems
      .map((d, index) => ({ d, index }))
      .sort((a, b) => distance(a.d) - distance(b.d) || a.index - b.index)
      .slice(0, CAP - 1)
      .map((entry) => entry.d),
  );
  return problems.filter((d) => chosen.has(d));
}

function split(publish: RecordedPublish): { notice: Diagnostic; problems: Diagnostic[] } {
  const [notice, ...problems] = publish.diagnostics as Diagnostic[];
  assert.equal(notice.code, CHECKER_RULE_ID);
  assert.equal(notice.data.violation, 'problems-not-shown');
  assert.deepEqual(notice.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  assert.equal(notice.severity, 3);
  return { notice, problems };
}

const view = (first: number, last: number) => ({ start: { line: first, character: 0 }, end: { line: last, character: 0 } });

describe('more problems than the editor keeps', () => {
  const workspace = new TempWorkspace();
  let client: LspTestClient;
  const all = problemsOf(TEXT);

  before(async () => {
    assert.ok(all.length > 2 * CAP, `the document has ${all.length} problems`);
    workspace.write('closed.mcpdesc.json', TEXT);
    // What is sent of a check's problems is tested, not where the check runs: open documents on the
    // server's main thread, without the document workers' start (openChecksOnMainThread).
    client = await LspTestClient.start({
      openChecksOnMainThread: true,
      settings: { maxProblemsPerFile: CAP },
      workspaceFolders: [workspace.folder('.')],
    });
  });

  after(async () => {
    await client.stop();
    workspace.dispose();
  });

  it('a closed file of the workspace: its first problems and a notice of the rest', async () => {
    const publish = await client.waitForPublish(workspace.uri('closed.mcpdesc.json'));
    assert.equal(publish.diagnostics.length, CAP);
    const { notice, problems } = split(publish);
    assert.deepEqual(problems, all.slice(0, CAP - 1));
    const rest = all.slice(CAP - 1);
    assert.equal(
      notice.message,
      `${rest.length} more problems in this file are not shown (lines ${lineNumber(rest[0].range.start.line)}–${lineNumber(rest[rest.length - 1].range.start.line)}): ` +
        `at most ${CAP} are sent per file (mcpdesc.maxProblemsPerFile), and the ones shown are the first in the file. ` +
        'In VS Code, open the file and scroll there to see them, or run mcpdesc-lint on the file to list them all.',
    );
  });

  it('open: the problems in view, re-chosen without a check as the view moves; an edit in view and its fix', async () => {
    await client.open(URI, TEXT);
    const opened = await client.waitForPublish(URI, (publish) => publish.version === 1);
    assert.deepEqual(split(opened).problems, all.slice(0, CAP - 1), 'nothing in view yet: the first ones');

    // The middle of the document comes into view.
    const middle = all[Math.floor(all.length / 2)].range.start.line;
    const [first, last] = [middle - 30, middle + 30];
    let mark = client.lastSequence;
    await client.sendNotification(VISIBLE_RANGES_NOTIFICATION, { uri: URI, ranges: [view(first, last)] });
    const scrolled = await client.waitForPublish(URI, () => true, mark);
    assert.equal(scrolled.version, 1, 'the same version, re-sent');
    assert.equal(scrolled.diagnostics.length, CAP);
    const { notice, problems } = split(scrolled);
    const expected = nearest(all, first, last);
    assert.deepEqual(problems, expected);
    const inView = all.filter((d) => d.range.start.line >= first && d.range.start.line <= last);
    assert.ok(
      inView.length > 0 && inView.every((d) => problems.some((p) => isDeepStrictEqual(p, d))),
      'every problem in view is sent',
    );
    const above = all.slice(
      0,
      all.findIndex((d) => isDeepStrictEqual(d, expected[0])),
    );
    const below = all.slice(above.length + expected.length);
    assert.equal(
      notice.message,
      `${all.length - CAP + 1} more problems in this file are not shown (` +
        `${above.length} on lines ${lineNumber(above[0].range.start.line)}–${lineNumber(above[above.length - 1].range.start.line)}, ` +
        `${below.length} on lines ${lineNumber(below[0].range.start.line)}–${lineNumber(below[below.length - 1].range.start.line)}): ` +
        `at most ${CAP} are sent per file (mcpdesc.maxProblemsPerFile), and the ones shown are those nearest the lines in view. ` +
        'Scroll there to see them, or run mcpdesc-lint on the file to list them all.',
    );
    assert.equal(client.statuses.filter((status) => status.sequence > mark && status.status.checking).length, 0, 'no check ran');

    // The same view again changes nothing, so nothing is sent; the end of the file then is.
    mark = client.lastSequence;
    await client.sendNotification(VISIBLE_RANGES_NOTIFICATION, { uri: URI, ranges: [view(first, last)] });
    const end = all[all.length - 1].range.start.line;
    await client.sendNotification(VISIBLE_RANGES_NOTIFICATION, { uri: URI, ranges: [view(end - 10, end)] });
    const atEnd = await client.waitForPublish(URI, () => true, mark);
    assert.deepEqual(split(atEnd).problems, nearest(all, end - 10, end));
    assert.equal(
      client.publishes.filter((publish) => publish.uri === URI && publish.sequence > mark).length,
      1,
      'the unchanged view sent nothing',
    );
    assert.equal(client.statuses.filter((status) => status.sequence > mark && status.status.checking).length, 0, 'no check ran');

    // A one-character edit where the user looks: its problem is among those sent; undoing it removes it.
    const point = togglePoint(
      TEXT,
      checkDocument(TEXT).diagnostics.map((d) => d.data.offset),
    );
    const line = point.position.line;
    await client.sendNotification(VISIBLE_RANGES_NOTIFICATION, { uri: URI, ranges: [view(line - 20, line + 20)] });
    const broken = await client.change(URI, [toggleChange(point, true) as never]);
    const brokenPublish = await client.waitForPublish(URI, (publish) => publish.version === broken);
    const brokenAll = problemsOf(client.text(URI));
    assert.equal(brokenAll.length, all.length + 1);
    assert.deepEqual(split(brokenPublish).problems, nearest(brokenAll, line - 20, line + 20));
    assert.ok(
      split(brokenPublish).problems.some((d) => d.range.start.line === line && d.data.violation === 'invalid-action'),
      'the new problem is shown',
    );
    const fixed = await client.change(URI, [toggleChange(point, false) as never]);
    const fixedPublish = await client.waitForPublish(URI, (publish) => publish.version === fixed);
    assert.equal(client.text(URI), TEXT);
    assert.deepEqual(split(fixedPublish).problems, nearest(all, line - 20, line + 20));

    // A quick fix of a problem in view (its edits arrive as one notification): gone from what is sent.
    const shown = split(fixedPublish).problems;
    let fixedOne: Diagnostic | undefined;
    let afterFix: RecordedPublish | undefined;
    for (const candidate of shown) {
      const actions = (await client.codeActions(URI, candidate.range, [candidate as never], ['quickfix'])) as Array<{
        isPreferred?: boolean;
        edit?: { changes?: Record<string, never[]> };
      }>;
      const preferred = actions.find((action) => action.isPreferred && action.edit?.changes?.[URI]);
      if (!preferred) continue;
      const version = await client.applyEdits(URI, preferred.edit!.changes![URI]);
      afterFix = await client.waitForPublish(URI, (publish) => publish.version === version);
      fixedOne = candidate;
      break;
    }
    assert.ok(fixedOne && afterFix, 'a problem in view has a preferred quick fix');
    const fixedAll = problemsOf(client.text(URI));
    assert.ok(fixedAll.length < all.length, `the fix removed its problem (${fixedAll.length} of ${all.length} left)`);
    assert.deepEqual(split(afterFix).problems, nearest(fixedAll, line - 20, line + 20));
    await client.close(URI);
  });
});
