// Recognition by an escaped root key. A root key written `"\u006dcpdesc"` (JSON) or `"\x6Dcpdesc"`
// (YAML) is `mcpdesc` once unescaped; the cheap pre-check (maySpellMcpdesc) must never say "no"
// where the full parse finds the key. Hand-written cases here, and the first 100 texts per format of
// the seeded differential (test/support/mcpdescSpellingFuzz.ts; all 3,000 in mcpdescSpelling.thorough.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isMcpdescDocument } from '../../server/src/checker';
import { maySpellMcpdesc } from '../../server/src/checker/syntax/mcpdescSpelling';
import { sniffAgreesWithFullParse } from '../support/mcpdescSpellingFuzz';

describe('an escaped root key is still mcpdesc', () => {
  const recognizedJson = [
    '{ "\\u006dcpdesc": "0.8.0", "tools": [] }',
    '{ "\\u006Dcpdesc": "0.8.0" }',
    '{ "mcp\\u0064esc": "0.8.0" }',
    '{ "\\u006d\\u0063\\u0070\\u0064\\u0065\\u0073\\u0063": "0.8.0" }',
    '{ "info": {}, "mcpdes\\u0063": "0.8.0" }',
    '\uFEFF{ "\\u006dcpdesc": "0.8.0" }',
  ];
  const notRecognizedJson = [
    '{ "\\\\u006dcpdesc": "0.8.0" }', // an escaped backslash: the key is `\u006dcpdesc`
    '{ "info": { "\\u006dcpdesc": "0.8.0" } }',
    '{ "description": "\\u006dcpdesc" }',
    '{ "\\u006dcpdes": "0.8.0" }',
    '{ "path": "C:\\\\Users\\\\me\\\\x", "line": "a\\nb\\t\\"c\\"\\u00e9" }',
  ];
  const recognizedYaml = [
    '"\\x6Dcpdesc": 0.8.0\ntools: []\n',
    '"\\x6dcpdesc": 0.8.0\n',
    '"mcp\\u0064esc": 0.8.0\n',
    '"mcp\\U00000064esc": 0.8.0\n',
    "'mcpdesc': 0.8.0\n",
    '? mcpdesc\n: 0.8.0\n',
    '? "\\x6Dcpdesc"\n: 0.8.0\n',
    '{ "\\x6Dcpdesc": 0.8.0 }\n',
    '? "mcp\\\n  desc"\n: 0.8.0\n',
    'info: {}\n---\n"\\x6Dcpdesc": 0.8.0\n',
  ];
  const notRecognizedYaml = [
    "'\\x6Dcpdesc': 0.8.0\n", // single quotes do not unescape
    '\\x6Dcpdesc: 0.8.0\n', // nor does a plain scalar
    'info:\n  "\\x6Dcpdesc": 0.8.0\n',
    'path: C:\\Users\\me\n',
  ];

  it('JSON: recognized by the root key as unescaped, not by its spelling', () => {
    for (const text of recognizedJson) assert.equal(isMcpdescDocument({ path: 'specs/tool.json', text }), true, text);
    for (const text of notRecognizedJson) assert.equal(isMcpdescDocument({ path: 'specs/tool.json', text }), false, text);
  });

  it('YAML: recognized by the root key as unescaped, not by its spelling', () => {
    for (const text of recognizedYaml) assert.equal(isMcpdescDocument({ path: 'specs/tool.yaml', text }), true, text);
    for (const text of notRecognizedYaml) assert.equal(isMcpdescDocument({ path: 'specs/tool.yml', text }), false, text);
  });

  it('the pre-check stays cheap: texts with only harmless escapes and no mention are not parsed', () => {
    for (const text of [
      '{}',
      '{ "a": "C:\\\\Users\\\\x", "b": "\\n\\r\\t\\b\\f\\/\\"\\u00e9\\ud83d\\ude00" }',
      'a: b\nc: "\\t"\n',
    ]) {
      assert.equal(maySpellMcpdesc(text), false, text);
    }
    for (const text of ['{"\\u006d": 1}', '"\\x6d"', '"\\U00000073"', '"a\\\nb"', '{"\\q": 1}', '{"\\u00": 1}', 'x\\']) {
      assert.equal(maySpellMcpdesc(text), true, text);
    }
  });
});

// The first 100 texts per format of the seeded differential (all 3,000 in the thorough tier).
sniffAgreesWithFullParse(100);
