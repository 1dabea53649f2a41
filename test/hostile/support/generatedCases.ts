// Hostile documents too big to commit, built at test time (deterministically). Each case says what
// it must produce; test-fixtures/hostile/README.md lists them next to the committed ones.
import type { DocumentFormat } from '../../../server/src/checker';

export interface CaseExpectation {
  /** Every diagnostic has one of these violations. */
  onlyViolations: string[];
  /** Exact number of diagnostics, or bounds. */
  count?: number;
  atLeast?: number;
  atMost?: number;
  /** Every diagnostic's message contains this. */
  messagesInclude?: string;
  /**
   * Nothing hidden: the diagnostics of `findings` plus the units the mcpdesc.checker notices whose
   * message includes `notChecked` count (their messages start with how many were not checked) make
   * `total` (or a number within its bounds), whichever of them the time budget allowed to be checked.
   */
  accounts?: { findings: string[]; notChecked: string; total: number | [number, number] };
  /**
   * The budget is wall-clock time, so on a loaded machine a case near its edge may instead get the
   * one notice saying what was not checked: this is in that notice's message, and nothing else is
   * reported. Nothing is hidden either way; what the machine's load decides is only which.
   */
  orBudgetNotice?: string;
}

export interface GeneratedCase {
  name: string;
  about: string;
  format?: DocumentFormat;
  build(): string;
  expect: CaseExpectation;
  /** fix-all re-checks up to 100 rounds; skipped where one check is already the expensive part. */
  fixAll?: boolean;
  /** Checked with the whole-document rules on (mcpdesc:official, the CLI's --official). */
  official?: boolean;
}

const DEPTH = 20_000;
const HEAD = '"mcpdesc":"0.8.0","info":{"name":"hostile","version":"1.0.0"}';

function nestedObjects(depth: number, key: string, leaf: string): string {
  return `{"${key}":`.repeat(depth) + leaf + '}'.repeat(depth);
}

function nestedArrays(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** One tool, one form declaration `c` with `schema` (then `extraDeclarations`, JSON elements each after a comma), one example whose steps are `steps` (JSON texts). */
function toolDocument(declarationSchema: string, steps: string[], extraDeclarations = ''): string {
  return `{${HEAD},"tools":[{"name":"hostile","inputSchema":{"type":"object"},"elicitations":[{"name":"c","mode":"form","message":"m","requestedSchema":${declarationSchema}}${extraDeclarations}],"interactionExamples":{"e":{"steps":[\n${steps.join(',\n')}\n]}}}]}\n`;
}

function acceptStep(requestSchema: string, content: string, declaration = 'c'): string {
  return `{"type":"elicitation","declaration":"${declaration}","request":{"message":"m","requestedSchema":${requestSchema}},"response":{"action":"accept","content":${content}}}`;
}

const TOO_DEEP: CaseExpectation = { onlyViolations: ['skipped'], count: 1, messagesInclude: 'nested too deeply' };

export const GENERATED_CASES: GeneratedCase[] = [
  {
    name: 'nesting-root-arrays',
    about: '20,000 nested arrays as the whole document: one "nested too deeply" notice, nothing thrown.',
    build: () => nestedArrays(DEPTH),
    expect: TOO_DEEP,
  },
  {
    name: 'nesting-root-objects',
    about: 'An mcpdesc root holding 20,000 nested objects.',
    build: () => `{${HEAD},"x":${nestedObjects(DEPTH, 'a', '1')}}`,
    expect: TOO_DEEP,
  },
  {
    name: 'nesting-unclosed',
    about: '20,000 opening brackets and nothing else.',
    build: () => '['.repeat(DEPTH),
    expect: TOO_DEEP,
  },
  {
    name: 'nesting-in-content',
    about: '20,000 levels inside an accepted form response content.',
    build: () => toolDocument('{"type":"object"}', [acceptStep('{"type":"object"}', nestedObjects(DEPTH, 'a', '1'))]),
    expect: TOO_DEEP,
  },
  {
    name: 'nesting-in-request-schema',
    about: '20,000 levels of "properties" inside a step\'s requestedSchema.',
    build: () => toolDocument('{"type":"object"}', [acceptStep(nestedObjects(DEPTH, 'properties', '{}'), '{}')]),
    expect: TOO_DEEP,
  },
  {
    name: 'nesting-in-declaration-schema',
    about: '20,000 levels of "not" inside a declaration\'s requestedSchema.',
    build: () => toolDocument(nestedObjects(DEPTH, 'not', '{}'), []),
    expect: TOO_DEEP,
  },
  {
    name: 'nesting-moderate-in-schema',
    about:
      '2,000 levels of "items" in a declaration schema: parses, but the schema compiler runs out of stack; the declaration is reported as not usable (or the whole document as too deep, depending on the stack), never an exception.',
    build: () => toolDocument(nestedObjects(2_000, 'items', '{}'), [acceptStep(nestedObjects(2_000, 'items', '{}'), '[]')]),
    expect: { onlyViolations: ['invalid-declaration', 'invalid-content', 'skipped'], atLeast: 1, atMost: 2 },
  },
  {
    name: 'string-5mb-content',
    about:
      'A 5 MB string as content, against a pattern (RE2, linear, time-boxed), maxLength and format: invalid-content on that value only (or one "could not be checked" if the pattern ran out of time on a slow machine).',
    build: () => {
      const schema =
        '{"type":"object","properties":{"v":{"type":"string","pattern":"^[a-z]+$","maxLength":10,"format":"email"}}}';
      return toolDocument(schema, [acceptStep(schema, `{"v":"${'a'.repeat(5_000_000)}!"}`)]);
    },
    expect: { onlyViolations: ['invalid-content'], atLeast: 1, atMost: 3 },
  },
  {
    name: 'string-5mb-names',
    about: 'A 5 MB declaration name referenced by a step that misspells it, and a 5 MB tool name: messages quote them cut short.',
    build: () => {
      const name = 'n'.repeat(5_000_000);
      return `{${HEAD},"tools":[{"name":"${name}","elicitations":[{"name":"${name}","mode":"url","message":"m"}],"interactionExamples":{"e":{"steps":[{"type":"elicitation","declaration":"${name}x","request":{"mode":"url","message":"m","url":"u"},"response":{"action":"cancel"}}]}}}]}`;
    },
    expect: { onlyViolations: ['unknown-declaration'], count: 1 },
  },
  {
    name: 'steps-100000',
    about: '100,000 elicitation steps, every 1,000th naming an undeclared elicitation: exactly 100 diagnostics.',
    build: () => {
      const steps: string[] = [];
      for (let index = 0; index < 100_000; index++) {
        const declaration = index % 1000 === 999 ? 'missing' : 'u';
        steps.push(
          `{"type":"elicitation","declaration":"${declaration}","request":{"mode":"url","url":"u"},"response":{"action":"cancel"}}`,
        );
      }
      return toolDocument('{"type":"object"}', steps, ',{"name":"u","mode":"url","message":"m"}');
    },
    expect: { onlyViolations: ['unknown-declaration'], count: 100 },
    fixAll: false,
  },
  {
    name: 'catastrophic-backreference-steps',
    about:
      "200 steps whose content runs a catastrophic backreference pattern (JavaScript fallback): none is a finding; notices count them all as not checked (the pattern took too long, then the document's time budget is spent), and the budget bounds the whole check (later steps are not even tried).",
    build: () => {
      const schema = '{"type":"object","properties":{"v":{"type":"string","pattern":"^(a+)+\\\\1$"}}}';
      const steps = Array.from({ length: 200 }, (_, index) => acceptStep(schema, `{"v":"${'a'.repeat(40)}!${index}"}`));
      return toolDocument(schema, steps);
    },
    expect: {
      onlyViolations: ['skipped'],
      atMost: 2,
      messagesInclude: 'not checked',
      accounts: { findings: [], notChecked: 'content was not checked', total: 200 },
    },
  },
  {
    name: 'costly-re2-steps',
    about:
      '300 steps whose 20,000-character values meet a pattern with a large RE2 program ((a|aa){1,1000}$): linear, but long; the budget bounds it. Each value is invalid: reported, or counted by a notice as not checked.',
    build: () => {
      const schema = '{"type":"object","properties":{"v":{"type":"string","pattern":"^(a|aa){1,1000}$"}}}';
      const steps = Array.from({ length: 300 }, (_, index) => acceptStep(schema, `{"v":"${'a'.repeat(20_000)}${index}"}`));
      return toolDocument(schema, steps);
    },
    expect: {
      onlyViolations: ['invalid-content', 'skipped'],
      accounts: { findings: ['invalid-content'], notChecked: 'content was not checked', total: 300 },
    },
  },
  {
    name: 'unique-items-quadratic',
    about: 'uniqueItems over 20,000 distinct objects (pairwise in ajv, one pass here): valid, nothing reported.',
    build: () => {
      const items = Array.from({ length: 20_000 }, (_, index) => `{"i":${index}}`).join(',');
      const schema = '{"type":"object","properties":{"v":{"type":"array","uniqueItems":true}}}';
      return toolDocument(schema, [acceptStep(schema, `{"v":[${items}]}`)]);
    },
    expect: { onlyViolations: [], count: 0, orBudgetNotice: 'content was not checked against its requested schema' },
  },
  {
    name: 'anyof-ref-exponential',
    about:
      'A chain of 40 $defs, each anyOf two $refs to the next (2^40 paths): the validation runs out of budget and one notice says the content was not checked (no finding).',
    build: () => {
      const defs = Array.from(
        { length: 40 },
        (_, index) => `"d${index}":{"anyOf":[{"$ref":"#/$defs/d${index + 1}"},{"$ref":"#/$defs/d${index + 1}"}]}`,
      );
      defs.push('"d40":{"type":"string"}');
      const schema = `{"type":"object","properties":{"v":{"$ref":"#/$defs/d0"}},"$defs":{${defs.join(',')}}}`;
      return toolDocument(schema, [acceptStep(schema, '{"v":1}')]);
    },
    expect: { onlyViolations: ['skipped'], count: 1, messagesInclude: "1 elicitation step's content was not checked" },
  },
  {
    name: 'large-declaration-schema-many-steps',
    about:
      'A 5,000-property declaration schema and 2,000 steps whose requestedSchema differs from it: one schema-mismatch each (the declaration is serialized once, not per step).',
    build: () => {
      const properties = Array.from({ length: 5_000 }, (_, index) => `"p${index}":{"type":"string"}`).join(',');
      const steps = Array.from(
        { length: 2_000 },
        () =>
          '{"type":"elicitation","declaration":"c","request":{"message":"m","requestedSchema":{}},"response":{"action":"decline"}}',
      );
      return toolDocument(`{"type":"object","properties":{${properties}}}`, steps);
    },
    expect: { onlyViolations: ['schema-mismatch'], count: 2_000 },
  },
  {
    name: 'many-declarations-many-unknown-steps',
    about:
      '5,000 declarations and 5,000 steps naming none of them: 5,000 unknown-declaration diagnostics whose messages list a few names, not all 5,000.',
    build: () => {
      const declarations = Array.from({ length: 5_000 }, (_, index) => `,{"name":"d${index}","mode":"url","message":"m"}`).join(
        '',
      );
      const steps = Array.from(
        { length: 5_000 },
        () =>
          '{"type":"elicitation","declaration":"x","request":{"mode":"url","message":"m","url":"u"},"response":{"action":"cancel"}}',
      );
      return toolDocument('{"type":"object"}', steps, declarations);
    },
    expect: { onlyViolations: ['unknown-declaration'], count: 5_000, messagesInclude: 'more' },
  },
  {
    name: 'long-names-in-every-message',
    about:
      '20 declarations with 50,000-character names and 1,000 steps naming none: messages stay short (names are cut), so the diagnostics do not add up to gigabytes.',
    build: () => {
      const declarations = Array.from(
        { length: 20 },
        (_, index) => `,{"name":"${String(index).padEnd(50_000, 'n')}","mode":"url","message":"m"}`,
      ).join('');
      const steps = Array.from(
        { length: 1_000 },
        () =>
          '{"type":"elicitation","declaration":"x","request":{"mode":"url","message":"m","url":"u"},"response":{"action":"cancel"}}',
      );
      return toolDocument('{"type":"object"}', steps, declarations);
    },
    expect: { onlyViolations: ['unknown-declaration'], count: 1_000 },
  },
  {
    name: 'additional-properties-50000',
    about:
      '50,000 content members none of which the schema allows: one invalid-content per member, on its key (each found without a scan of the object).',
    build: () => {
      const members = Array.from({ length: 50_000 }, (_, index) => `"k${index}":${index}`).join(',');
      const schema = '{"type":"object","additionalProperties":false}';
      return toolDocument(schema, [acceptStep(schema, `{${members}}`)]);
    },
    expect: { onlyViolations: ['invalid-content'], count: 50_000, messagesInclude: 'additional properties' },
  },
  {
    name: 'enum-1mb-many-steps',
    about:
      "A declaration whose enum has 50,000 values (about 700 KB) and 500 steps without a request schema (schema-mismatch, then validated against the declaration's) whose value is not in it: messages list a few allowed values, not all 50,000.",
    build: () => {
      const values = Array.from({ length: 50_000 }, (_, index) => `"value-${index}"`).join(',');
      const steps = Array.from(
        { length: 500 },
        () =>
          '{"type":"elicitation","declaration":"c","request":{"message":"m"},"response":{"action":"accept","content":{"v":"none"}}}',
      );
      return toolDocument(`{"type":"object","properties":{"v":{"enum":[${values}]}}}`, steps);
    },
    expect: {
      onlyViolations: ['schema-mismatch', 'invalid-content', 'skipped'],
      accounts: { findings: ['invalid-content'], notChecked: 'content was not checked', total: 500 },
    },
  },
  {
    name: 'yaml-nesting-20000',
    about:
      'A YAML mcpdesc document with 20,000 nested flow sequences: one syntax error saying it is nested too deeply; nothing thrown.',
    format: 'yaml',
    build: () => `mcpdesc: "0.8.0"\nx: ${nestedArrays(DEPTH)}\n`,
    expect: { onlyViolations: ['syntax-error', 'skipped'], count: 1, messagesInclude: 'nested' },
  },
  {
    name: 'yaml-many-documents',
    about:
      'A YAML stream of 5,000 mcpdesc documents, each with one step naming no declaration of its tool and lacking a response: two diagnostics per document, every range inside the text.',
    format: 'yaml',
    build: () =>
      'mcpdesc: "0.8.0"\n' +
      '---\nmcpdesc: "0.8.0"\ntools: [{name: t, interactionExamples: {e: {steps: [{type: elicitation, declaration: d}]}}}]\n'.repeat(
        5_000,
      ),
    expect: { onlyViolations: ['unknown-declaration', 'invalid-action'], count: 10_000 },
  },
  {
    name: 'syntax-error-flood',
    about:
      '100,000 members missing their colon, one syntax error each: the first 999 are shown and one notice says how many more there are; every range inside the document.',
    build: () => `{${'"a" 1,'.repeat(100_000)}}`,
    expect: { onlyViolations: ['syntax-error', 'skipped'], count: 1_000 },
    fixAll: false,
  },
];

/** A document of the 0.8.0 shape with `members` (JSON text) after its required ones. */
function officialDocument(members: string): string {
  return `{${HEAD},"protocolVersions":["2025-11-25"],${members}}\n`;
}

function tool(index: number, inputSchema: string, examples: string): string {
  return `{"name":"t${index}","inputSchema":${inputSchema},"examples":{${examples}}}`;
}

function example(name: string, input: string): string {
  return `"${name}":{"input":${input},"result":{"content":[{"type":"text","text":"ok"}]}}`;
}

/**
 * Issue 32: documents that froze the checker, hid the whole document behind one notice, reported
 * valid content as an error or left content unchecked without a word. Each finishes, reports what
 * it holds or says what it could not check, and never calls valid content an error.
 */
export const ISSUE_32_CASES: GeneratedCase[] = [
  {
    name: 'anyof-600-patterns-steps',
    about:
      'A requested schema whose property is an anyOf of 600 distinct patterns (^(?:a?){n}$, a large RE2 program each) and 6 steps whose 499-character value fails them all: compiling and running them is charged to the time budget; what it leaves unchecked is a notice, never an error (was 13.6 s per step, and the compiles 5.4 s more).',
    build: () => {
      const anyOf = Array.from({ length: 600 }, (_, index) => `{"pattern":"^(?:a?){${999 - index}}$"}`).join(',');
      const schema = `{"type":"object","properties":{"v":{"type":"string","anyOf":[${anyOf}]}}}`;
      return toolDocument(
        schema,
        Array.from({ length: 6 }, () => acceptStep(schema, `{"v":"${'b'.repeat(499)}"}`)),
      );
    },
    expect: { onlyViolations: ['skipped'], atLeast: 1, atMost: 2, messagesInclude: 'not checked' },
    fixAll: false,
  },
  {
    name: 'tags-64000',
    official: true,
    about:
      '64,000 root tags, every other one with an empty name (a schema error through the tag $ref) and the rest all named the same: every error reported (ajv gathered them in quadratic time: 87.5 s).',
    build: () =>
      officialDocument(
        `"tags":[${Array.from({ length: 64_000 }, (_, index) => (index % 2 ? '{"name":"a"}' : '{"name":""}')).join(',')}]`,
      ),
    expect: { onlyViolations: ['invalid-value', 'duplicate-root-tag'], count: 32_000 + 31_999 + 31_999 },
    fixAll: false,
  },
  {
    name: 'enum-130000-values',
    about:
      'A requested schema (compiled by ajv) with an enum of 130,000 values, and a step naming no declaration: the step is reported (a spread of the enum overflowed the stack and the document was called too deep).',
    build: () => {
      const values = Array.from({ length: 130_000 }, (_, index) => `"v${index}"`).join(',');
      return toolDocument(`{"type":"object","properties":{"v":{"type":"string","allOf":[{}],"enum":[${values}]}}}`, [
        '{"type":"elicitation","declaration":"missing","request":{"mode":"url","message":"m","url":"https://example.com"},"response":{"action":"cancel"}}',
      ]);
    },
    expect: { onlyViolations: ['unknown-declaration'], count: 1 },
    fixAll: false,
  },
  {
    name: 'unknown-members-140000',
    official: true,
    about: '140,000 root members the format does not define: one unknown-member each (was an internal error).',
    build: () => officialDocument(Array.from({ length: 140_000 }, (_, index) => `"u${index}":1`).join(',')),
    expect: {
      onlyViolations: ['unknown-member'],
      count: 140_000,
      orBudgetNotice: 'was not checked against the MCP Description 0.8.0 schema',
    },
    fixAll: false,
  },
  {
    name: 'client-requirements-140000',
    official: true,
    about:
      "A resource's clientRequirements.elicitation with 140,000 members 2025-11-25 does not define: one finding each (was a document called too deep).",
    build: () =>
      officialDocument(
        `"resources":[{"uri":"file:///a","name":"a","clientRequirements":{"elicitation":{${Array.from({ length: 140_000 }, (_, index) => `"c${index}":{}`).join(',')}}}}]`,
      ),
    expect: { onlyViolations: ['client-requirement-revision-mismatch'], count: 140_000 },
    fixAll: false,
  },
  {
    name: 'security-scopes-140000',
    official: true,
    about:
      'A security requirement listing 140,000 scopes its OAuth scheme does not declare: one warning each (was an internal error).',
    build: () =>
      officialDocument(
        `"securitySchemes":{"o":{"type":"oauth2","flows":{"clientCredentials":{"tokenUrl":"https://example.com/t","scopes":{"s":"d"}}}}},"security":[{"o":[${Array.from({ length: 140_000 }, (_, index) => `"s${index}"`).join(',')}]}]`,
      ),
    expect: { onlyViolations: ['uncatalogued-oauth-scope'], count: 140_000 },
    fixAll: false,
  },
  {
    name: 'tool-20000-properties-1000-valid-examples',
    official: true,
    about:
      'A tool whose inputSchema has 20,000 properties and 1,000 valid examples: the schema is prepared once, each example costs its own size; no error (the schema was rebuilt per example, 66 s, and 900 valid examples got a false "could not be checked" error).',
    build: () => {
      const properties = Array.from({ length: 20_000 }, (_, index) => `"p${index}":{"type":"string"}`).join(',');
      const examples = Array.from({ length: 1_000 }, (_, index) => example(`e${index}`, `{"p${index}":"x"}`)).join(',');
      return officialDocument(`"tools":[${tool(0, `{"type":"object","properties":{${properties}}}`, examples)}]`);
    },
    expect: { onlyViolations: ['skipped'], atMost: 1, accounts: { findings: [], notChecked: 'tool example value', total: 0 } },
    fixAll: false,
  },
  {
    name: 'tool-20000-properties-1000-invalid-examples',
    official: true,
    about:
      'The same tool with 1,000 examples each giving one property a number: every one reported, or counted by a notice saying it was not checked.',
    build: () => {
      const properties = Array.from({ length: 20_000 }, (_, index) => `"p${index}":{"type":"string"}`).join(',');
      const examples = Array.from({ length: 1_000 }, (_, index) => example(`e${index}`, `{"p${index}":1}`)).join(',');
      return officialDocument(`"tools":[${tool(0, `{"type":"object","properties":{${properties}}}`, examples)}]`);
    },
    expect: {
      onlyViolations: ['tool-example-schema-mismatch', 'skipped'],
      accounts: { findings: ['tool-example-schema-mismatch'], notChecked: 'tool example value', total: 1_000 },
    },
    fixAll: false,
  },
  {
    name: 'tools-2000-distinct-schemas-last-invalid',
    official: true,
    about:
      '2,000 tools whose inputSchemas ajv compiles (each distinct), one example each, the last one invalid: it is reported, or a notice counts it among the examples not checked (it was skipped without a word: exit 0, no output).',
    build: () => {
      const tools = Array.from({ length: 2_000 }, (_, index) =>
        tool(
          index,
          `{"type":"object","properties":{"p${index}":{"allOf":[{"type":"string"}]}},"required":["p${index}"]}`,
          example('e', `{"p${index}":${index === 1_999 ? 1 : '"x"'}}`),
        ),
      );
      return officialDocument(`"tools":[${tools.join(',')}]`);
    },
    expect: {
      onlyViolations: ['tool-example-schema-mismatch', 'skipped'],
      // The invalid one reported, or among those the notice counts (the budget, once spent, refuses
      // every later unit, so the ones not checked are the last ones): at least one, at most all.
      accounts: { findings: ['tool-example-schema-mismatch'], notChecked: 'tool example value', total: [1, 2_000] },
    },
    fixAll: false,
  },
  {
    name: 'tools-3000-distinct-schemas-invalid-examples',
    official: true,
    about:
      '3,000 such tools, every example invalid: each reported or counted as not checked (only 879 were reported, and nothing said the rest went unchecked).',
    build: () => {
      const tools = Array.from({ length: 3_000 }, (_, index) =>
        tool(
          index,
          `{"type":"object","properties":{"p${index}":{"allOf":[{"type":"string"}]}},"required":["p${index}"]}`,
          example('e', `{"p${index}":1}`),
        ),
      );
      return officialDocument(`"tools":[${tools.join(',')}]`);
    },
    expect: {
      onlyViolations: ['tool-example-schema-mismatch', 'skipped'],
      accounts: { findings: ['tool-example-schema-mismatch'], notChecked: 'tool example value', total: 3_000 },
    },
    fixAll: false,
  },
  {
    name: 'unique-items-60000-objects',
    about:
      'uniqueItems over 60,000 distinct objects: checked in one pass (pairwise, minutes where nothing interrupts it): valid.',
    build: () => {
      const items = Array.from({ length: 60_000 }, (_, index) => `{"i":${index}}`).join(',');
      const schema = '{"type":"object","properties":{"v":{"type":"array","uniqueItems":true}}}';
      return toolDocument(schema, [acceptStep(schema, `{"v":[${items}]}`)]);
    },
    expect: { onlyViolations: [], count: 0, orBudgetNotice: 'content was not checked against its requested schema' },
    fixAll: false,
  },
];

export function generatedCase(name: string): GeneratedCase {
  const found = [...GENERATED_CASES, ...ISSUE_32_CASES].find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no generated hostile case named ${name}`);
  return found;
}
