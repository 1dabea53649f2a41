// Which documents the rule applies to: by name, by root member, by configured glob; exclude wins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isMcpdescDocument } from '../../server/src/checker';

test('recognized by name, whatever the content', () => {
  for (const path of ['a.mcpdesc.json', 'dir/b.mcpdesc.jsonc', 'c.MCPDESC.JSON', 'd.mcpdesc.yaml', 'e.mcpdesc.yml']) {
    assert.equal(isMcpdescDocument({ path, text: '' }), true, path);
  }
  assert.equal(isMcpdescDocument({ path: 'mcpdesc.json', text: '{}' }), false);
  assert.equal(isMcpdescDocument({ path: 'a.mcpdesc.json.bak', text: '{}' }), false);
});

test('recognized by a root `mcpdesc` member only (not a nested one, not a mention)', () => {
  assert.equal(isMcpdescDocument({ path: 'x.json', text: '// c\n{ "info": {}, "mcpdesc": "0.9.0" }' }), true);
  assert.equal(isMcpdescDocument({ path: 'x.json', text: '\uFEFF{"mcpdesc": "1"}' }), true);
  assert.equal(isMcpdescDocument({ path: 'x.json', text: '{ "info": { "mcpdesc": "0.9.0" } }' }), false);
  assert.equal(isMcpdescDocument({ path: 'x.json', text: '{ "description": "an mcpdesc tool" }' }), false);
  assert.equal(isMcpdescDocument({ path: 'x.json', text: '[{"mcpdesc": 1}]' }), false);
  assert.equal(isMcpdescDocument({ path: 'x.yaml', text: '# c\nmcpdesc: 0.9.0\ntools: []\n' }), true);
  assert.equal(isMcpdescDocument({ path: 'x.yml', text: 'info:\n  mcpdesc: 0.9.0\n' }), false);
});

test('configured globs include and exclude; exclude wins', () => {
  assert.equal(isMcpdescDocument({ path: 'servers/a.json', text: '{}', include: ['servers/*.json'] }), true);
  assert.equal(
    isMcpdescDocument({ path: 'servers/a.json', text: '{}', include: ['*.json'] }),
    true,
    'a glob without a slash matches the name',
  );
  assert.equal(isMcpdescDocument({ path: 'other/a.json', text: '{}', include: ['servers/*.json'] }), false);
  assert.equal(isMcpdescDocument({ path: 'gen/a.mcpdesc.json', text: '{}', exclude: ['gen/**'] }), false);
  assert.equal(isMcpdescDocument({ path: 'a.json', text: '{"mcpdesc": "1"}', exclude: ['a.json'] }), false);
});
