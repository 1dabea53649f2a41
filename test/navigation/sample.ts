// The documents the navigation tests read, and a way to point into them: `find(text, snippet, n)` is
// the offset range of the n-th (0-based) occurrence of a snippet, so expected ranges are exact.
import type { OffsetRange } from '../../server/src/checker/navigation';

export const CONFIRM_SCHEMA = {
  type: 'object',
  properties: { approved: { type: 'boolean' }, contact: { type: 'string', format: 'email' } },
  required: ['approved'],
};

const formRequest = { mode: 'form', message: 'Approve this release?', requestedSchema: CONFIRM_SCHEMA };
const urlRequest = { mode: 'url', message: 'Authorize publication.', url: 'https://mcp.example.com/release/connect' };

/**
 * Two tools that both declare `confirm` (names are per tool object). In the first, `confirm` is used by
 * two steps in two examples, `authorize` by one; `unused` by none. A clean document.
 */
export const SAMPLE =
  JSON.stringify(
    {
      mcpdesc: '0.8.0',
      info: { name: 'release-bot', version: '2.0.0' },
      tools: [
        {
          name: 'prepare_release',
          inputSchema: { type: 'object' },
          elicitations: [
            { name: 'confirm', ...formRequest },
            { name: 'authorize', ...urlRequest },
            { name: 'unused', mode: 'form', message: 'Never asked.', requestedSchema: { type: 'object', properties: {} } },
          ],
          interactionExamples: {
            'approved-release': {
              input: {},
              steps: [
                {
                  type: 'elicitation',
                  declaration: 'confirm',
                  request: formRequest,
                  response: { action: 'accept', content: { approved: true } },
                },
                { type: 'sampling', declaration: 'confirm' },
                { type: 'elicitation', declaration: 'authorize', request: urlRequest, response: { action: 'accept' } },
              ],
            },
            declined: {
              input: {},
              steps: [{ type: 'elicitation', declaration: 'confirm', request: formRequest, response: { action: 'decline' } }],
            },
          },
        },
        {
          name: 'other_tool',
          inputSchema: { type: 'object' },
          elicitations: [{ name: 'confirm', mode: 'url', message: 'Other.' }],
          interactionExamples: {
            only: {
              input: {},
              steps: [
                {
                  type: 'elicitation',
                  declaration: 'confirm',
                  request: { mode: 'url', message: 'Other.', url: 'https://x.example' },
                  response: { action: 'cancel' },
                },
              ],
            },
          },
        },
      ],
    },
    null,
    2,
  ) + '\n';

/**
 * Two tool objects named `prepare_release`, one per protocol scope (the shape of the public 0.8.0
 * fixture `named-tool-interaction-examples.json`): the first declares `confirm` (form), the second
 * `confirm` (url) and `authorize` (url); each example uses its own object's declarations. Clean.
 */
export const SHARED_NAMES =
  JSON.stringify(
    {
      mcpdesc: '0.8.0',
      info: { name: 'release-bot', version: '2.0.0' },
      protocolVersions: ['2025-11-25', '2026-07-28'],
      tools: [
        {
          protocolVersions: ['2025-11-25'],
          name: 'prepare_release',
          inputSchema: { type: 'object' },
          elicitations: [{ name: 'confirm', ...formRequest }],
          interactionExamples: {
            approved: {
              input: {},
              steps: [
                {
                  type: 'elicitation',
                  declaration: 'confirm',
                  request: formRequest,
                  response: { action: 'accept', content: { approved: true } },
                },
              ],
            },
          },
        },
        {
          protocolVersions: ['2026-07-28'],
          name: 'prepare_release',
          inputSchema: { type: 'object' },
          elicitations: [
            { name: 'confirm', ...urlRequest },
            { name: 'authorize', ...urlRequest },
          ],
          interactionExamples: {
            authorized: {
              input: {},
              steps: [{ type: 'elicitation', declaration: 'confirm', request: urlRequest, response: { action: 'accept' } }],
            },
          },
        },
      ],
    },
    null,
    2,
  ) + '\n';

export function find(text: string, snippet: string, n = 0): OffsetRange {
  let offset = -1;
  for (let i = 0; i <= n; i++) {
    offset = text.indexOf(snippet, offset + 1);
    if (offset < 0) throw new Error(`occurrence ${n} of ${snippet} not found`);
  }
  return { offset, length: snippet.length };
}

/** The range of a string's content (inside its quotes). */
export function inside(range: OffsetRange): OffsetRange {
  return { offset: range.offset + 1, length: range.length - 2 };
}

/** An offset inside a range (past its first character). */
export function within(range: OffsetRange, delta = 2): number {
  return range.offset + delta;
}
