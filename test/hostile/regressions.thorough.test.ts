// The hostile-input regression found at scale, at its size (regressions.test.ts runs it at a tenth).
import { describe } from 'node:test';
import { itRemovesUnexpectedContentsInOneGo } from './support/minimalDocuments';

describe('hostile-input regressions', () => {
  itRemovesUnexpectedContentsInOneGo(20_000);
});
