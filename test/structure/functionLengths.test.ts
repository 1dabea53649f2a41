// The house rule "keep functions under 100 lines" for all of server/src, measured by
// scripts/functionLengths.ts with the TypeScript compiler's parser (nested closures count towards the
// function that holds them).
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { functionLengthsOf, functionsLongerThan } from '../../scripts/functionLengths';

const LIMIT = 100;

/**
 * The checker's functions still over the limit (`file:name`), being split on their own branch. This
 * list must only shrink: a function that comes under the limit leaves it (the test fails while it is
 * still named here), and nothing is ever added to it.
 */
const STILL_TOO_LONG = new Set<string>([]);

// Compiled to out/test/structure/: the sources are three folders up.
const SERVER_SOURCES = path.join(__dirname, '..', '..', '..', 'server', 'src');

describe('function lengths', () => {
  test(`no function in server/src is longer than ${LIMIT} lines, but those of the shrinking list`, () => {
    const long = functionsLongerThan(SERVER_SOURCES, LIMIT).map((fn) => `${fn.file}:${fn.name}`);
    assert.deepEqual(
      long.filter((name) => !STILL_TOO_LONG.has(name)),
      [],
      'split these functions (the list of those still too long only shrinks)',
    );
    assert.deepEqual(
      [...STILL_TOO_LONG].filter((name) => !long.includes(name)),
      [],
      'these are no longer too long: take them off STILL_TOO_LONG',
    );
  });

  test('a function is measured from its first line to its last, its closures included', () => {
    const text = [
      'export function outer(): number {', // 1
      '  const inner = (): number => {', // 2
      '    return 1;', // 3
      '  };', // 4
      '  return inner();', // 5
      '}', // 6
      'class Box {', // 7
      '  size(): number {', // 8
      '    return 2;', // 9
      '  }', // 10
      '}', // 11
    ].join('\n');
    assert.deepEqual(
      functionLengthsOf('box.ts', text).map(({ name, line, lines }) => ({ name, line, lines })),
      [
        { name: 'outer', line: 1, lines: 6 },
        { name: 'inner', line: 2, lines: 3 },
        { name: 'Box.size', line: 8, lines: 3 },
      ],
    );
  });
});
