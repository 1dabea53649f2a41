// The thorough tier's run of the glob differentials (globMatcher.test.ts runs the first 50 globs of
// each): our matcher against picomatch on 3,000 seeded globs × 40 paths per mode, and the linear
// engine against V8's RegExp on picomatch's expressions for 1,500 seeded globs.
import { describe } from 'node:test';
import { itAgreesWithV8OnPicomatchExpressions, itMatchesAsPicomatch } from '../support/globFuzz';

describe('globs match as picomatch matches them', () => {
  itMatchesAsPicomatch(3000);
});

describe("the linear engine answers as V8's RegExp does", () => {
  itAgreesWithV8OnPicomatchExpressions(1500);
});
