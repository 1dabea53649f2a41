// Documents for the server where generated code is refused (noCodeGeneration.test.ts, and
// test-e2e/webWorker.ts in Chromium under a content security policy without 'unsafe-eval').
// Written for these tests.

/** The notice's reason (server/src/checker/schema/codeGeneration.ts), as the tests find it. */
export const NO_CODE_GENERATION_REASON = "a content security policy without 'unsafe-eval'";

export interface NoCodeGenerationDocument {
  title: string;
  name: string;
  text: string;
  /** Text of the findings (with eval) that only ajv's compile of a document's schema gives. */
  needsCompile: string[];
  /** Where the notices go and what they are, as `line:character-line:character code skipped`. */
  notices: string[];
  minimumFindings: number;
}

const HEAD = {
  mcpdesc: '0.8.0',
  info: { name: 'no-eval', version: '1.0.0' },
  protocolVersions: ['2025-11-25'],
  transports: [{ type: 'stdio', command: 'no-eval' }],
};

const flatForm = JSON.stringify(
  {
    ...HEAD,
    info: { name: 'no-eval', version: '1.0.0', websiteUrl: 'not a uri' },
    tools: [
      {
        name: 'deploy',
        inputSchema: { type: 'object', properties: { env: { type: 'string', enum: ['prod', 'dev'] } } },
        elicitations: [
          {
            name: 'confirm',
            mode: 'form',
            message: 'Deploy?',
            requestedSchema: {
              type: 'object',
              properties: { approved: { type: 'boolean' }, reason: { type: 'string', minLength: 3 } },
              required: ['approved'],
            },
          },
        ],
        interactionExamples: {
          bad: {
            input: { env: 'prod' },
            flow: [{ elicitation: 'confirm', action: 'accept', content: { approved: 'yes', reason: 'x' } }],
            result: { content: [{ type: 'text', text: 'done' }] },
          },
        },
        unknownMember: true,
      },
    ],
  },
  null,
  2,
);

const arraySchema = JSON.stringify(
  {
    ...HEAD,
    tools: [
      {
        name: 'tag',
        inputSchema: {
          type: 'object',
          properties: { tags: { $ref: '#/$defs/tags' } },
          required: ['tags'],
          $defs: { tags: { type: 'array', items: { type: 'string' } } },
        },
        examples: { wrong: { input: { tags: [1] }, result: { content: [{ type: 'text', text: 'ok' }] } } },
      },
    ],
  },
  null,
  2,
);

const invalidReferencingSchema = JSON.stringify(
  {
    ...HEAD,
    tools: [
      {
        name: 'tag',
        inputSchema: {
          type: 'object',
          properties: { tags: { $ref: '#/$defs/tags' } },
          $defs: { tags: { type: 'array', minItems: -1 } },
        },
      },
    ],
  },
  null,
  2,
);

export const NO_CODE_GENERATION_DOCUMENTS: NoCodeGenerationDocument[] = [
  {
    title:
      "the format's schema (precompiled) and flat-form requested schemas (the walker) give every finding a server that may compile gives, and no notice",
    name: 'flat-form.mcpdesc.json',
    text: flatForm,
    needsCompile: [],
    notices: [],
    minimumFindings: 3,
  },
  {
    title:
      'a tool schema only ajv could compile: judged valid all the same (precompiled meta-schemas), its example not judged (one notice there), every other finding the same',
    name: 'array-schema.mcpdesc.json',
    text: arraySchema,
    needsCompile: ['tools[0].examples.wrong'],
    // On the example's input (its value); none on the schema, whose validity needs no generated code.
    notices: ['39:19-43:11 mcpdesc.checker skipped'],
    minimumFindings: 1,
  },
  {
    title:
      'a tool schema that is no valid JSON Schema, of a kind only ajv compiles ($ref): reported as invalid all the same, no notice',
    name: 'invalid-referencing-schema.mcpdesc.json',
    text: invalidReferencingSchema,
    needsCompile: [],
    notices: [],
    minimumFindings: 1,
  },
];
