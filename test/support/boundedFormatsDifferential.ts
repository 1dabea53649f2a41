// The differential of the format checks on RE2 against ajv-formats' own (test/checker/boundedFormats.test.ts
// runs a sample, boundedFormats.thorough.test.ts all of it): random strings of the formats' own pieces,
// hand-made values, and URLs with every pair of interesting first octets of an IPv4 host.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { fullFormats } from 'ajv-formats/dist/formats';
import { formatCheck } from '../../server/src/checker/schema/boundedFormats';
import { Random } from '../../bench/random';

type NativeDefinition = RegExp | ((value: string) => boolean) | { validate?: RegExp | ((value: string) => boolean) } | boolean;

function nativeCheck(name: string): (value: string) => boolean {
  const definition = (fullFormats as Record<string, NativeDefinition>)[name];
  const check =
    definition instanceof RegExp || typeof definition === 'function'
      ? definition
      : typeof definition === 'object'
        ? definition.validate
        : undefined;
  if (check instanceof RegExp) return (value) => check.test(value);
  return check as (value: string) => boolean;
}

export const EXPRESSION_FORMATS = Object.keys(fullFormats).filter((name) => {
  const definition = (fullFormats as Record<string, NativeDefinition>)[name];
  return (
    definition instanceof RegExp ||
    (typeof definition === 'object' && (definition as { validate?: unknown }).validate instanceof RegExp)
  );
});

const TOKENS = [
  'http://',
  'https://',
  'ftp://',
  'HTTP://',
  'httpſ://',
  'a:',
  'urn:uuid:',
  'mailto:',
  '//',
  '/',
  '?',
  '#',
  '@',
  ':',
  '::',
  '.',
  '-',
  '_',
  '~',
  '~0',
  '~1',
  '%',
  '%2F',
  '%zz',
  '[',
  ']',
  '{',
  '}',
  '{+a}',
  '{a,b:3}',
  'a',
  'Z',
  'K',
  '\u212a',
  'x.com',
  '.com',
  '.c',
  'é',
  'λ',
  '😀',
  '\ud800',
  ' ',
  '\u00a0',
  '\u3000',
  '\n',
  '0',
  '1',
  '9',
  '10',
  '127',
  '169',
  '254',
  '172',
  '16',
  '31',
  '32',
  '192',
  '168',
  '223',
  '224',
  '255',
  '256',
  'ff',
  'FFFF',
  'v1.',
  '0123abcd',
  'P',
  'T',
  'Y',
  'M',
  'D',
  'W',
  'H',
  'S',
  '=',
  '+',
  '/+/=',
];

/** Octets around the private IPv4 ranges' bounds (10/8, 127/8, 169.254/16, 172.16/12, 192.168/16) and beyond. */
export const OCTETS = [
  '0',
  '00',
  '01',
  '016',
  '1',
  '9',
  '10',
  '11',
  '15',
  '16',
  '17',
  '19',
  '20',
  '29',
  '30',
  '31',
  '32',
  '99',
  '100',
  '126',
  '127',
  '128',
  '167',
  '168',
  '169',
  '170',
  '171',
  '172',
  '173',
  '191',
  '192',
  '193',
  '199',
  '200',
  '219',
  '220',
  '223',
  '224',
  '253',
  '254',
  '255',
  '256',
  '999',
];

/** Each expression format's verdicts against ajv-formats' on `count` seeded random strings, and on hand-made values. */
export function itGivesAjvFormatsVerdicts(count: number): void {
  it(`gives the same verdicts on ${count.toLocaleString('en-US')} random strings per format of the formats' own pieces, and on hand-made values`, () => {
    const random = new Random(15);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random.next() * items.length)];
    for (const name of EXPRESSION_FORMATS) {
      const expected = nativeCheck(name);
      const actual = formatCheck(name)!.validate as (value: string) => boolean;
      let accepted = 0;
      for (let i = 0; i < count; i++) {
        const value = Array.from({ length: 1 + Math.floor(random.next() * 10) }, () => pick(TOKENS)).join('');
        const verdict = expected(value);
        if (verdict) accepted++;
        assert.equal(actual(value), verdict, `${name}: ${JSON.stringify(value)}`);
      }
      // Hand-made values where random ones rarely land.
      for (const value of [
        'http://example.com/a?b#c',
        'mailto:a@b.c',
        'a@b.co',
        '1.2.3.4',
        '::1',
        'fe80::1%',
        '2001:db8::8a2e:370:7334',
        'P1Y2M3DT4H5M6S',
        '/a~1b',
        '#/a',
        '0/a',
        '{+path}/x',
        'a.b-c.d',
        '123e4567-e89b-12d3-a456-426614174000',
      ]) {
        assert.equal(actual(value), expected(value), `${name}: ${JSON.stringify(value)}`);
      }
      assert.ok(accepted >= 0);
    }
  });
}

/** url against ajv-formats on every pair of `octets` as the host's first two, with several ends and around it. */
export function itExcludesPrivateRanges(octets: readonly string[]): void {
  it(`url excludes exactly the private IPv4 ranges ajv-formats excludes (${octets.length} × ${octets.length} first octets)`, () => {
    const expected = nativeCheck('url');
    const actual = formatCheck('url')!.validate as (value: string) => boolean;
    let differentVerdicts = 0;
    for (const first of octets) {
      for (const second of octets) {
        for (const rest of ['.1.1', '.0.254', '.255.255', '.1.0', '.1', '.1.1.1']) {
          for (const around of [
            ['http://', ''],
            ['https://user:pw@', ':8080/x'],
            ['ftp://', '/p q'],
          ]) {
            const value = `${around[0]}${first}.${second}${rest}${around[1]}`;
            const verdict = expected(value);
            assert.equal(actual(value), verdict, JSON.stringify(value));
            if (verdict !== expected(`http://${first}.${second}.1.1`)) differentVerdicts++;
          }
        }
      }
    }
    assert.ok(differentVerdicts > 0, 'the values reach both verdicts');
    for (const excluded of ['10.0.0.1', '127.0.0.1', '169.254.1.1', '192.168.0.1', '172.16.0.1', '172.31.255.254'])
      assert.equal(actual(`http://${excluded}`), false, excluded);
    for (const allowed of ['11.0.0.1', '172.15.0.1', '172.32.0.1', '169.253.1.1', '192.167.0.1', '8.8.8.8'])
      assert.equal(actual(`http://${allowed}`), true, allowed);
  });
}
