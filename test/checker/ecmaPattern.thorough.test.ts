// The thorough tier's run of the pattern differential against the engine: 400 random patterns, 25
// strings each (ecmaPattern.test.ts runs the first 40).
import { describe } from 'node:test';
import { itAgreesWithTheEngine } from '../support/ecmaPatternDifferential';

describe('pattern differential against the engine', () => {
  itAgreesWithTheEngine(400);
});
