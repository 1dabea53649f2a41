// A tree's plain value (valueOf, what ajv validates) is what JSON.parse makes of the same text:
// the same own members in the same order, "__proto__" an own member like any other (never the
// prototype), names Object.prototype has as members of their own, the last of repeated names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseJsonDocument } from '../../server/src/checker/syntax/json/jsonDocument';
import { valueOf } from '../../server/src/checker/syntax/tree';
import { generateDocument } from '../../bench/generate';

function valueOfText(text: string): unknown {
  return valueOf(parseJsonDocument(text).roots[0]);
}

test("valueOf gives JSON.parse's value: __proto__ and Object.prototype's names as own members, repeated names, index-like names", () => {
  for (const text of [
    '{"__proto__": {"polluted": true}, "a": 1}',
    '{"toString": 1, "constructor": {"prototype": 2}, "hasOwnProperty": null, "valueOf": [1]}',
    '{"b": 1, "2": "two", "a": 2, "1": "one", "b": 3}',
    '{"x": {"__proto__": [1, {"__proto__": null}]}}',
  ]) {
    const value = valueOfText(text);
    assert.deepStrictEqual(value, JSON.parse(text), text);
    assert.equal(Object.getPrototypeOf(value), Object.prototype, text);
    assert.deepEqual(Object.keys(value as object), Object.keys(JSON.parse(text) as object), text);
  }
  assert.equal(({} as { polluted?: boolean }).polluted, undefined);
});

test("valueOf gives JSON.parse's value on generated documents", () => {
  for (const shape of ['base', 'spec-like'] as const) {
    const text = generateDocument(7, 30_000, { shape });
    assert.deepStrictEqual(valueOfText(text), JSON.parse(text));
  }
});
