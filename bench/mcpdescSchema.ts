// The JSON Schema baseline: the shapes of an mcpdesc document (tools, elicitation declarations,
// interaction examples, steps, requests, responses) as far as a schema can say them. It is what
// VS Code's JSON support would do on each edit with a schema association, so vscode-json-languageservice
// validating against it is the "plain JSON tooling" bar the checker must beat. A schema cannot say
// "the step matches the declaration it names": that cross-reference is the checker's own work.
import type { JsonObject } from './generate';

const primitiveProperty: JsonObject = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['string', 'number', 'integer', 'boolean'] },
    title: { type: 'string' },
    description: { type: 'string' },
    format: { enum: ['email', 'uri', 'date', 'date-time'] },
    enum: { type: 'array', items: { type: 'string' }, minItems: 1 },
    oneOf: {
      type: 'array',
      items: { type: 'object', required: ['const'], properties: { const: { type: 'string' }, title: { type: 'string' } } },
    },
    minLength: { type: 'integer', minimum: 0 },
    maxLength: { type: 'integer', minimum: 0 },
    minimum: { type: 'number' },
    maximum: { type: 'number' },
    default: { type: ['string', 'number', 'integer', 'boolean'] },
  },
};

const requestedSchema: JsonObject = {
  type: 'object',
  required: ['type', 'properties'],
  properties: {
    type: { const: 'object' },
    title: { type: 'string' },
    properties: { type: 'object', additionalProperties: { $ref: '#/definitions/primitiveProperty' } },
    required: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    additionalProperties: { type: 'boolean' },
  },
};

const declaration: JsonObject = {
  type: 'object',
  required: ['name', 'mode', 'message'],
  properties: {
    name: { type: 'string', pattern: '^[A-Za-z0-9._-]+$' },
    mode: { enum: ['form', 'url'] },
    message: { type: 'string' },
    requestedSchema: { $ref: '#/definitions/requestedSchema' },
    url: { type: 'string', format: 'uri' },
  },
  if: { properties: { mode: { const: 'url' } }, required: ['mode'] },
  then: {},
  else: { required: ['requestedSchema'] },
};

const elicitationRequest: JsonObject = {
  type: 'object',
  required: ['message'],
  properties: {
    mode: { enum: ['form', 'url'] },
    message: { type: 'string' },
    requestedSchema: { $ref: '#/definitions/requestedSchema' },
    url: { type: 'string', format: 'uri' },
  },
  if: { properties: { mode: { const: 'url' } }, required: ['mode'] },
  then: { required: ['url'] },
  else: { required: ['requestedSchema'] },
};

const elicitationResponse: JsonObject = {
  type: 'object',
  required: ['action'],
  properties: {
    action: { enum: ['accept', 'decline', 'cancel'] },
    content: { type: 'object', additionalProperties: { type: ['string', 'number', 'integer', 'boolean'] } },
  },
};

const textContent: JsonObject = {
  type: 'object',
  required: ['type'],
  properties: { type: { enum: ['text', 'image', 'audio', 'resource', 'resource_link'] }, text: { type: 'string' } },
};

const step: JsonObject = {
  type: 'object',
  required: ['type'],
  properties: { type: { enum: ['roots', 'sampling', 'elicitation'] } },
  allOf: [
    {
      if: { properties: { type: { const: 'elicitation' } } },
      then: {
        required: ['declaration', 'request', 'response'],
        properties: {
          declaration: { type: 'string' },
          request: { $ref: '#/definitions/elicitationRequest' },
          response: { $ref: '#/definitions/elicitationResponse' },
        },
      },
    },
    {
      if: { properties: { type: { const: 'sampling' } } },
      then: {
        required: ['request', 'response'],
        properties: {
          request: {
            type: 'object',
            required: ['messages', 'maxTokens'],
            properties: {
              messages: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['role', 'content'],
                  properties: { role: { enum: ['user', 'assistant'] }, content: textContent },
                },
              },
              systemPrompt: { type: 'string' },
              maxTokens: { type: 'integer', minimum: 1 },
              tools: { type: 'array', items: { type: 'object', required: ['name', 'inputSchema'] } },
              toolChoice: { type: 'object', properties: { mode: { enum: ['auto', 'required', 'none'] } } },
            },
          },
          response: {
            type: 'object',
            required: ['role', 'content', 'model'],
            properties: {
              role: { const: 'assistant' },
              content: textContent,
              model: { type: 'string' },
              stopReason: { type: 'string' },
            },
          },
        },
      },
    },
    {
      if: { properties: { type: { const: 'roots' } } },
      then: {
        required: ['request', 'response'],
        properties: {
          request: { type: 'object' },
          response: {
            type: 'object',
            required: ['roots'],
            properties: {
              roots: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['uri'],
                  properties: { uri: { type: 'string', format: 'uri' }, name: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
  ],
};

const tool: JsonObject = {
  type: 'object',
  required: ['name', 'inputSchema'],
  properties: {
    name: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,128}$' },
    title: { type: 'string' },
    description: { type: 'string' },
    inputSchema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
    annotations: {
      type: 'object',
      properties: {
        readOnlyHint: { type: 'boolean' },
        destructiveHint: { type: 'boolean' },
        idempotentHint: { type: 'boolean' },
      },
    },
    elicitations: { type: 'array', items: { $ref: '#/definitions/declaration' } },
    interactionExamples: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['steps'],
        properties: {
          input: { type: 'object' },
          steps: { type: 'array', items: { $ref: '#/definitions/step' } },
          result: {
            type: 'object',
            properties: {
              content: { type: 'array', items: textContent },
              structuredContent: { type: 'object' },
              isError: { type: 'boolean' },
            },
          },
        },
      },
    },
  },
};

export const MCPDESC_JSON_SCHEMA: JsonObject = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://mcpdesc.example/bench/mcpdesc.schema.json',
  title: 'MCP description document (benchmark schema)',
  type: 'object',
  required: ['tools'],
  properties: {
    mcpdesc: { type: 'string' },
    info: {
      type: 'object',
      required: ['name', 'version'],
      properties: {
        name: { type: 'string' },
        version: { type: 'string' },
        description: { type: 'string' },
        protocolVersion: { type: 'string' },
      },
    },
    transports: {
      type: 'array',
      items: { type: 'object', required: ['type'], properties: { type: { enum: ['stdio', 'streamable-http', 'sse'] } } },
    },
    tools: { type: 'array', items: { $ref: '#/definitions/tool' } },
  },
  definitions: {
    tool,
    declaration,
    requestedSchema,
    primitiveProperty,
    step,
    elicitationRequest,
    elicitationResponse,
  },
};
