// Fix-all's shortcuts held to the plain path (issue 19): fixAll, which appends a tool's declarations
// together and reads YAML edits back once per round, must give fixAllPlain's text and count, which
// appends one declaration per tool per round and reads every YAML edit back on its own. On the
// fixture corpora (every twelfth document here, all of them in fixAllBatched.thorough.test.ts), the
// fix-safety documents, the YAML declare layouts (explicit keys, anchors, aliases, streams:
// read-backs that refuse) and seeded generated documents dense with problems (4 seeds of 12 KB here,
// the other 4 and 8 of 40 KB in fixAllBatched.thorough.test.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/checker';
import { fixAll } from '../../server/src/checker/fixes/fixAll';
import { layoutsSameAsPlain } from './fixAllLayouts';
import { assertSameAsPlain, generatedSameAsPlain } from './fixAllGenerated';
import { corpusSameAsPlain } from './fixAllCorpus';
import { ATTACHED, CLEAN, UNATTACHED, twoFixesApart } from '../fixSafety/fixAllDocuments';
import { elicitationOnly } from '../support/ruleScope';

describe('fix-all: the batched path equals the plain path', () => {
  // Every twelfth document here, every one in fixAllBatched.thorough.test.ts.
  corpusSameAsPlain(12);

  it('on the fix-safety documents (broken syntax, fixes taken back)', () => {
    for (const document of [
      ...UNATTACHED,
      ATTACHED,
      CLEAN,
      { name: 'two fixes apart', format: 'json' as const, text: twoFixesApart(3) },
    ]) {
      assertSameAsPlain(document.text, { format: document.format }, document.name);
    }
  });

  it('on 20 seeded YAML declare layouts, some of whose read-backs refuse (all 80: fixAllLayouts.thorough.test.ts)', () => {
    const changed = layoutsSameAsPlain(20);
    assert.ok(changed > 10, `most layouts were fixed (${changed})`);
  });

  // Seeds 1 to 4 (both violation rates, steps of every kind, one rule or both) here; 5 to 8 and all
  // 8 at 40 KB in fixAllBatched.thorough.test.ts.
  generatedSameAsPlain(12_000, [1, 2, 3, 4]);
});

const toolWith = (names: string[], elicitations: string): string => `{
  "mcpdesc": "0.8.0",
  "tools": [
    {
      "name": "deploy",
      ${elicitations}"interactionExamples": {
        "run": {
          "steps": [
${names.map((name) => `            { "type": "elicitation", "declaration": "${name}", "request": { "mode": "url", "message": "Open ${name}.", "url": "https://example.com/${name}" }, "response": { "action": "decline" } }`).join(',\n')}
          ]
        }
      }
    }
  ]
}
`;

function declaredNames(text: string): string[] {
  const value = JSON.parse(text) as { tools: Array<{ elicitations?: Array<{ name: string }> }> };
  return (value.tools[0].elicitations ?? []).map((declaration) => declaration.name);
}

describe('fix-all: declarations of one tool together', () => {
  it('appends every unknown name once, in the order of their steps, into an existing list', () => {
    const text = toolWith(
      ['open_a', 'sign_b', 'open_a', 'pay_c'],
      '"elicitations": [{ "name": "start", "mode": "url", "message": "Start.", "url": "https://example.com/start" }],\n      ',
    );
    assertSameAsPlain(text, { format: 'json' }, 'existing list');
    const fixed = fixAll(text, elicitationOnly({ format: 'json' }));
    assert.deepEqual(declaredNames(fixed.text), ['start', 'open_a', 'sign_b', 'pay_c']);
    assert.deepEqual(checkDocument(fixed.text, elicitationOnly()).diagnostics, []);
  });

  it('makes the list when the tool has none', () => {
    const text = toolWith(['open_a', 'sign_b', 'pay_c'], '');
    assertSameAsPlain(text, { format: 'json' }, 'no list');
    assert.deepEqual(declaredNames(fixAll(text, elicitationOnly()).text), ['open_a', 'sign_b', 'pay_c']);
  });

  it('leaves a name close to one declared before it to "Change to", as the rounds one by one do', () => {
    // After `open_aa` is declared, `open_ab` is within edit distance 2 of it: its preferred fix
    // becomes "Change to 'open_aa'", so it is not declared too.
    const text = toolWith(['open_aa', 'open_ab', 'far_away_name'], '"elicitations": [],\n      ');
    assertSameAsPlain(text, { format: 'json' }, 'close names');
    const fixed = fixAll(text, elicitationOnly());
    assert.deepEqual(declaredNames(fixed.text), ['open_aa', 'far_away_name']);
    assert.match(fixed.text, /"declaration": "open_aa", "request": \{ "mode": "url", "message": "Open open_ab\."/);
  });
});

describe('fix-all: the check the caller already has', () => {
  const text = toolWith(['open_a', 'sign_b'], '');
  const expected = fixAll(text, elicitationOnly({ format: 'json' }));

  it('is used as the first round when it is a check of this text', () => {
    const check = checkDocument(text, elicitationOnly({ format: 'json' }));
    assert.deepEqual(fixAll(text, elicitationOnly({ format: 'json', lastCheck: check })), expected);
  });

  it('is ignored when it checked another text or another format', () => {
    const other = checkDocument(toolWith(['open_a'], ''), elicitationOnly({ format: 'json' }));
    assert.deepEqual(fixAll(text, elicitationOnly({ format: 'json', lastCheck: other })), expected);
    const asYaml = checkDocument(text, elicitationOnly({ format: 'yaml' }));
    assert.deepEqual(fixAll(text, elicitationOnly({ format: 'json', lastCheck: asYaml })), expected);
  });
});
