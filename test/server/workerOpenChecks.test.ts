// Open documents checked in document workers (server/src/lsp/workerOpenChecks.ts), with workers that
// run the real worker side (documentWorkerService.ts) on this thread behind asynchronous messages,
// and a check that never ends wherever a document's URI says so ('hangs'): that check is ended after
// its time box and its document gets the "did not finish" notice; the other documents are checked
// meanwhile, in another worker; a fresh worker takes the next task; the version that did not finish
// is not tried again until it is edited. What the workers answer (edits sent as spans and re-checked
// there, code actions, navigation, fix-all, status) is held to the same document checked on this
// thread (LocalOpenChecks). No timing is asserted: the time box only has to end the hanging check.
import { shippedDocsBaseUri } from '../../shared/src/shippedDocs';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver';
import { CHECKER_RULE_ID } from '../../shared/src/rules';
import { DEFAULT_SETTINGS, type McpdescSettings } from '../../shared/src/settings';
import type { DocumentWorkerPort } from '../../server/src/lsp/documentWorker';
import type { DocumentWorkerMessage, DocumentWorkerReply } from '../../server/src/lsp/documentWorkerProtocol';
import { serveDocumentWorker } from '../../server/src/lsp/documentWorkerService';
import { LocalOpenChecks, type OpenCheckRequest, type PlainOutcome } from '../../server/src/lsp/openChecks';
import { openDocumentsConfiguration, type OpenDocument } from '../../server/src/lsp/openDocument';
import type { DocumentWorkers } from '../../server/src/lsp/runtime';
import { WorkerOpenChecks } from '../../server/src/lsp/workerOpenChecks';
import { CONFIRM, documentOf, formStep, requestOf, tool } from '../support/documents';
import { SeededRandom } from '../support/random';

const HANGS = 'hangs';
/**
 * The time box of the checks, short where only the 'hangs' checks can run into it: a check that ends
 * posts 'started' and its answer in one synchronous turn (ThreadlessWorker delivers both on the same
 * later turn), so the timer 'started' sets is cleared before any timer can fire. The test of the order
 * in which a hanging and a small document settle keeps a long one: there the small document's check
 * is the process's first (cold) one, and it must end before the hanging one's box does.
 */
const TIME_BOX_MS = { short: 200, beyondAColdCheck: 3000 } as const;
const SETTINGS: McpdescSettings = { ...DEFAULT_SETTINGS, rules: {} };

/** A document worker on this thread: the real service, its messages delivered on later turns; a task on a 'hangs' URI starts and never ends. */
class ThreadlessWorker implements DocumentWorkerPort {
  terminated = false;
  readonly tasks: string[] = [];
  private deliver: ((message: DocumentWorkerMessage) => void) | undefined;
  private replyListener: ((reply: DocumentWorkerReply) => void) | undefined;

  constructor() {
    serveDocumentWorker({
      onMessage: (listener) => {
        this.deliver = listener;
      },
      post: (reply) =>
        setImmediate(() => {
          if (!this.terminated) this.replyListener?.(reply);
        }),
    });
  }

  post(message: DocumentWorkerMessage): void {
    setImmediate(() => {
      if (this.terminated) return;
      if (message.kind === 'task') {
        const task = message.task;
        const uri = task.kind === 'closedFile' ? task.task.uri : task.uri;
        this.tasks.push(`${task.kind} ${uri}`);
        if (uri.includes(HANGS)) {
          this.replyListener?.({ kind: 'started', id: message.id });
          return;
        }
      }
      this.deliver?.(message);
    });
  }

  onReply(listener: (reply: DocumentWorkerReply) => void): void {
    this.replyListener = listener;
  }

  onEnd(): void {}

  terminate(): void {
    this.terminated = true;
  }
}

/** A worker that cannot load: it ends (as a web worker's error event says) before it replies to anything. */
class BrokenWorker implements DocumentWorkerPort {
  private endListener: ((reason: string) => void) | undefined;
  post(): void {
    setImmediate(() => this.endListener?.('the script could not be loaded'));
  }
  onReply(): void {}
  onEnd(listener: (reason: string) => void): void {
    this.endListener = listener;
  }
  terminate(): void {}
}

function pool(
  count = 2,
  broken = 0,
  timeBoxMs: number = TIME_BOX_MS.short,
): { checks: WorkerOpenChecks; started: ThreadlessWorker[]; log: string[] } {
  const started: ThreadlessWorker[] = [];
  const log: string[] = [];
  let brokenLeft = broken;
  const workers: DocumentWorkers = {
    start: () => {
      if (brokenLeft > 0) {
        brokenLeft--;
        return new BrokenWorker();
      }
      const worker = new ThreadlessWorker();
      started.push(worker);
      return worker;
    },
    count,
    sideBySide: false,
    timeBoxMs: () => timeBoxMs,
  };
  return {
    checks: new WorkerOpenChecks(
      workers,
      (message) => log.push(message),
      () => shippedDocsBaseUri(),
    ),
    started,
    log,
  };
}

const STEPS_TEXT = documentOf(
  tool({
    elicitations: [CONFIRM],
    steps: [
      formStep('missing', { action: 'accept', content: { approved: true } }),
      formStep('confirm', { action: 'accept', content: { approved: 'yes' } }),
      formStep('confirm', { action: 'accept', content: { approved: true } }, { ...requestOf(CONFIRM), mode: 'url' }),
    ],
  }),
  tool({ name: 'second', elicitations: [CONFIRM], steps: [formStep('confirm', { action: 'decline' })] }),
);

function documentAt(uri: string, text = STEPS_TEXT): OpenDocument {
  return openDocumentsConfiguration(() => undefined).create(uri, 'json', 1, text);
}

function request(document: OpenDocument, settings = SETTINGS): OpenCheckRequest {
  return { document, settings, path: document.uri.slice(document.uri.lastIndexOf('/') + 1), docsBaseUri: shippedDocsBaseUri() };
}

function diagnosticsOf(outcome: PlainOutcome): Diagnostic[] {
  return 'diagnostics' in outcome ? outcome.diagnostics : [];
}

describe('open documents checked in document workers', () => {
  it('a check that does not end is ended after its time box: its document gets the notice, the other document is checked meanwhile', async () => {
    const { checks, started, log } = pool(2, 0, TIME_BOX_MS.beyondAColdCheck);
    const hostile = documentAt(`file:///w/${HANGS}.mcpdesc.json`);
    const small = documentAt('file:///w/small.mcpdesc.json');
    const settled: string[] = [];
    const hostileCheck = checks.check(request(hostile)).then((result) => {
      settled.push('hostile');
      return result;
    });
    const smallCheck = checks.check(request(small)).then((result) => {
      settled.push('small');
      return result;
    });
    const [hostileResult, smallResult] = await Promise.all([hostileCheck, smallCheck]);
    assert.deepEqual(settled, ['small', 'hostile'], 'the small document does not wait for the hostile one');
    assert.equal(smallResult.outcome.kind, 'checked');
    assert.deepEqual(
      diagnosticsOf(smallResult.outcome).map((diagnostic) => diagnostic.data),
      diagnosticsOf((await new LocalOpenChecks().check(request(documentAt('file:///w/small.mcpdesc.json')))).outcome).map(
        (diagnostic) => diagnostic.data,
      ),
    );

    assert.equal(hostileResult.outcome.kind, 'unfinished');
    const [notice, ...others] = diagnosticsOf(hostileResult.outcome);
    assert.deepEqual(others, []);
    assert.equal(notice.code, CHECKER_RULE_ID);
    assert.equal((notice.data as { violation?: string }).violation, 'skipped');
    assert.equal(notice.severity, 3, 'Information');
    assert.match(
      String(notice.message),
      /^This document's check did not finish: it was stopped after 3\.0 s, so its problems are not shown\./,
    );
    assert.deepEqual(notice.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    assert.deepEqual(log, []);

    // The worker that ran it was ended; the small document's worker lives on, and more may start.
    const hostileWorker = started.find((worker) => worker.tasks.some((task) => task.includes(HANGS)))!;
    assert.equal(hostileWorker.terminated, true);
    assert.ok(started.some((worker) => !worker.terminated && worker.tasks.some((task) => task.includes('small'))));
    await checks.close();
  });

  it('the version that did not finish is not tried again (not even for a query); an edit or other settings try again', async () => {
    const { checks, started } = pool();
    const hostile = documentAt(`file:///w/${HANGS}.mcpdesc.json`);
    assert.equal((await checks.check(request(hostile))).outcome.kind, 'unfinished');
    const tasks = (): number => started.reduce((count, worker) => count + worker.tasks.length, 0);
    const before = tasks();
    assert.equal((await checks.check(request(hostile))).outcome.kind, 'unfinished');
    assert.equal(await checks.ask(request(hostile), { kind: 'status' }), undefined);
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    assert.equal(
      await checks.ask(request(hostile), {
        kind: 'codeActions',
        params: { textDocument: { uri: hostile.uri }, range, context: { diagnostics: [] } },
        menu: { fixAll: false },
      }),
      undefined,
    );
    assert.equal(tasks(), before, 'nothing was sent to a worker');

    assert.equal(
      (await checks.check(request(hostile, { ...SETTINGS, rules: { 'mcpdesc.syntax': 'off' } }))).outcome.kind,
      'unfinished',
    );
    assert.equal(tasks(), before + 1, 'other settings: tried again');
    hostile.applyChanges([{ range, text: ' ' }], 2, () => undefined);
    assert.equal((await checks.check(request(hostile))).outcome.kind, 'unfinished');
    assert.equal(tasks(), before + 2, 'an edit: tried again');
    await checks.close();
  });

  it('after a worker was ended, the documents it kept are sent whole to a fresh one and checked as before', async () => {
    const { checks, started } = pool(2);
    const small = documentAt('file:///w/small.mcpdesc.json');
    const first = await checks.check(request(small));
    const hostile = documentAt(`file:///w/${HANGS}.mcpdesc.json`);
    // The small document's worker is idle: the hostile one's check runs there, and ends it.
    assert.equal((await checks.check(request(hostile))).outcome.kind, 'unfinished');
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    small.applyChanges([{ range, text: ' ' }], 2, () => undefined);
    const again = await checks.check(request(small));
    assert.deepEqual(
      diagnosticsOf(again.outcome).map((diagnostic) => diagnostic.message),
      diagnosticsOf(first.outcome).map((diagnostic) => diagnostic.message),
    );
    assert.ok(started.filter((worker) => !worker.terminated).length >= 1);
    await checks.close();
  });

  it('edits go to the worker as spans and are re-checked there, as a fresh check of the same text; the queries answer as on this thread', async () => {
    const { checks } = pool(2);
    const local = new LocalOpenChecks();
    const random = new SeededRandom(20261205);
    const inWorker = documentAt('file:///w/edited.mcpdesc.json');
    const here = documentAt('file:///w/edited.mcpdesc.json');
    const fresh = new LocalOpenChecks();
    for (let version = 2; version <= 40; version++) {
      const text = inWorker.getText();
      const offset = random.below(text.length);
      const length = random.below(3);
      const inserted = ['', 'x', '"', '}', ' ', 'true', '\n'][random.below(7)];
      const change = {
        range: { start: inWorker.positionAt(offset), end: inWorker.positionAt(offset + length) },
        text: inserted,
      };
      inWorker.applyChanges([change], version, () => undefined);
      here.applyChanges([change], version, () => undefined);
      // Every other edit is checked: the span sent then is the composition of two.
      if (version % 2 === 1 && version !== 40) continue;
      const remote = await checks.check(request(inWorker));
      const ours = await local.check(request(here));
      const plain = await fresh.check(request(documentAt(`file:///w/fresh-${version}.mcpdesc.json`, here.getText())));
      assert.deepEqual(diagnosticsOf(remote.outcome), diagnosticsOf(ours.outcome), `version ${version}`);
      assert.deepEqual(
        diagnosticsOf(remote.outcome).map((diagnostic) => [diagnostic.range, diagnostic.message]),
        diagnosticsOf(plain.outcome).map((diagnostic) => [diagnostic.range, diagnostic.message]),
        `version ${version}: as a fresh check`,
      );
    }
    const uri = inWorker.uri;
    const diagnostics = diagnosticsOf((await local.check(request(here))).outcome);
    const whole = { start: { line: 0, character: 0 }, end: here.positionAt(here.getText().length) };
    const queries = [
      {
        kind: 'codeActions' as const,
        params: { textDocument: { uri }, range: whole, context: { diagnostics } },
        menu: { fixAll: true },
      },
      { kind: 'fixAll' as const },
      { kind: 'status' as const },
      {
        kind: 'navigation' as const,
        request: {
          feature: 'documentSymbol' as const,
          params: { textDocument: { uri } },
          hierarchical: true,
          editorOutlinesJson: false,
          outlineLimit: 1000,
        },
      },
      {
        kind: 'navigation' as const,
        request: {
          feature: 'hover' as const,
          params: { textDocument: { uri }, position: here.positionAt(here.getText().indexOf('confirm')) },
        },
      },
    ];
    for (const query of queries) {
      const remote = await checks.ask(request(inWorker), query);
      const ours = await local.ask(request(here), query);
      if (query.kind === 'status') {
        // The time each check took differs; what it read does not.
        assert.deepEqual({ ...(remote as object), durationMs: 0 }, { ...(ours as object), durationMs: 0 });
      } else {
        assert.deepEqual(remote, ours, query.kind);
      }
    }
    await checks.close();
  });

  it('a document whose worker is busy with another document moves to a free one, sent whole', async () => {
    const { checks, started } = pool(2);
    const small = documentAt('file:///w/small.mcpdesc.json');
    await checks.check(request(small));
    const home = started.find((worker) => worker.tasks.some((task) => task.includes('small')))!;
    const hostile = documentAt(`file:///w/${HANGS}.mcpdesc.json`);
    const hostileCheck = checks.check(request(hostile));
    // Both went to the same (then idle) worker, where the hostile check now runs: the small one moves.
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(home.tasks.some((task) => task.includes(HANGS)));
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    small.applyChanges([{ range, text: ' ' }], 2, () => undefined);
    const moved = await checks.check(request(small));
    assert.equal(moved.outcome.kind, 'checked');
    assert.ok(started.some((worker) => worker !== home && worker.tasks.some((task) => task.includes('small'))));
    assert.equal((await hostileCheck).outcome.kind, 'unfinished');
    await checks.close();
  });

  it('workers that cannot load: the task goes to the next one, and after a few to this thread, with a log line; never a notice', async () => {
    const some = pool(2, 1);
    const once = await some.checks.check(request(documentAt('file:///w/small.mcpdesc.json')));
    assert.equal(once.outcome.kind, 'checked');
    assert.deepEqual(some.log, []);
    await some.checks.close();

    const none = pool(2, Infinity);
    const here = await none.checks.check(request(documentAt('file:///w/small.mcpdesc.json')));
    assert.equal(here.outcome.kind, 'checked');
    assert.equal(none.log.length, 1);
    assert.match(none.log[0], /^Could not start a worker to check open documents in \(workers end before they start\)/);
    await none.checks.close();
  });
});
