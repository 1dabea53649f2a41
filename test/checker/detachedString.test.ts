// The copies that keep no large text alive must be the same text, code unit for code unit: the
// re-parsed tool's offsets are counted in them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detachedCopy, detachedSlice, detachedString } from '../../server/src/checker/syntax/detachedString';

const AWKWARD = 'a\ud800b\udc00c😀\u0000é\r\n\u2028\ufeff';

test('a detached string is the same code units, lone surrogates, NUL and BOM included', () => {
  assert.equal(detachedString(AWKWARD), AWKWARD);
  assert.equal(detachedString(''), '');
  const long = AWKWARD.repeat(1000);
  assert.equal(detachedSlice(long, 3, 5003), long.slice(3, 5003));
});

test('a detached copy of a JSON value is equal and shares no object with it', () => {
  const value = {
    type: 'object',
    properties: { name: { type: 'string', pattern: AWKWARD } },
    required: ['name'],
    n: 1,
    b: true,
    z: null,
  };
  const copy = detachedCopy(value);
  assert.deepEqual(copy, value);
  assert.notEqual(copy, value);
  assert.notEqual(copy.properties, value.properties);
  assert.notEqual(copy.required, value.required);
  assert.equal(detachedCopy(AWKWARD), AWKWARD);
  assert.equal(detachedCopy(null), null);
  assert.equal(detachedCopy(3), 3);
});
