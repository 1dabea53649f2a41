// What yamlReader.test.ts and yamlReader.thorough.test.ts both feed the YAML reader: the YAML
// fixtures, a value shaped like a real description, `yaml`'s output styles, and whether the reader
// judged a text clean by itself (it then does not compose the text for errors).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { stringify } from 'yaml';
import { parseYamlDocuments } from '../../server/src/checker/syntax/yaml/parseYamlDocuments';
import { YamlTreeBuilder } from '../../server/src/checker/syntax/yaml/yamlTreeBuilder';
import { repoPath } from './repo';

function yamlFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) files.push(...yamlFiles(full));
    else if (/\.ya?ml$/.test(entry.name)) files.push(full);
  }
  return files.sort();
}

/** Every YAML file under test-fixtures/, sorted, with its text. */
export function yamlFixtures(): Array<{ file: string; text: string }> {
  return yamlFiles(repoPath('test-fixtures')).map((file) => ({ file, text: fs.readFileSync(file).toString('utf8') }));
}

/** Whether the reader judged `text` clean by itself (it then does not compose the text for errors). */
export function judgedClean(text: string): boolean {
  let clean = true;
  const build = YamlTreeBuilder.prototype.buildDocument;
  YamlTreeBuilder.prototype.buildDocument = function (this: YamlTreeBuilder, ...args) {
    const result = build.apply(this, args);
    if (this.suspicious) clean = false;
    return result;
  };
  try {
    parseYamlDocuments(text);
  } finally {
    YamlTreeBuilder.prototype.buildDocument = build;
  }
  return clean;
}

/** A value with what real descriptions hold: long sentences, line breaks, non-ASCII, numbers and look-alikes. */
export function describedValue(): unknown {
  const long =
    'Looks up the current weather for a city and returns the temperature, the wind and a short forecast for the next days';
  return {
    mcpdesc: '0.8.0',
    info: { name: 'météo-server', version: '1.2.0', description: `${long}. ${long}.` },
    tools: [
      {
        name: 'forecast',
        description: `${long}:\n\n- one line\n- two: lines\n\n  indented ${long}\n`,
        notes: [
          'über 😀 naïve façade 東京 ',
          '  leading',
          'trailing  ',
          'a: b',
          '# not a comment',
          '- item',
          '"quoted"',
          "it's",
          '',
          'null',
          '1.5',
          'yes',
        ],
        limits: { count: 3, ratio: 0.5, big: 12345678901234567890, on: true, off: null, nan: NaN, neg: -Infinity },
        text: 'x'.repeat(200) + ' ' + 'y '.repeat(100),
      },
    ],
  };
}

/** `yaml`'s stringify in each of its styles. */
export const STYLES: ReadonlyArray<[string, Parameters<typeof stringify>[2]]> = [
  ['defaults (folded lines)', undefined],
  ['narrow folded lines', { lineWidth: 30, minContentWidth: 0 }],
  ['no folding', { lineWidth: 0 }],
  ['block literal strings', { blockQuote: 'literal', defaultStringType: 'BLOCK_LITERAL' }],
  ['block folded strings', { blockQuote: 'folded', defaultStringType: 'BLOCK_FOLDED' }],
  ['flow collections', { collectionStyle: 'flow' }],
  ['double quoted', { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' }],
  ['single quoted', { defaultStringType: 'QUOTE_SINGLE' }],
  ['double quoted as JSON', { defaultStringType: 'QUOTE_DOUBLE', doubleQuotedAsJSON: true }],
  ['indent 4, sequences not indented', { indent: 4, indentSeq: false }],
];
