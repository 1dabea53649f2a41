// Documents whose syntax is broken inside an elicitation step (MCP Description 0.8.0 shape), where
// the preferred fix of a step's diagnostic is planned on the tolerant parse's guess. In the
// "unattached" ones, the member the fix inserts lands after a member key with no colon and an
// unbalanced `{{`, so the parse never attaches it: the diagnostic stays whatever the fix adds (before
// issue 15, fix-all inserted it 100 times). In the "attached" one, the breakage comes after the
// response, so the same fix works and must still be applied. CLEAN has the same diagnostic and no
// syntax error.
import type { DocumentFormat } from '../../server/src/checker';

export interface BrokenDocument {
  name: string;
  format: DocumentFormat;
  text: string;
}

const SCHEMA_JSON = '{ "type": "object", "properties": { "approved": { "type": "boolean" } }, "required": ["approved"] }';

/** The release-bot document with one tool declaring `confirm`; `examples` is its interactionExamples' members. */
function jsonToolDocument(examples: string): string {
  return `{
  "mcpdesc": "0.8.0",
  "info": { "name": "release-bot", "version": "2.0.0" },
  "tools": [
    {
      "name": "prepare_release",
      "inputSchema": { "type": "object" },
      "elicitations": [
        { "name": "confirm", "mode": "form", "message": "Approve?", "requestedSchema": ${SCHEMA_JSON} }
      ],
      "interactionExamples": {
${examples}
      }
    }
  ]
}
`;
}

/** An interaction example `name` with one elicitation step on `confirm`, answered by `responseLine`. */
function jsonExample(name: string, responseLine: string): string {
  return `        "${name}": {
          "steps": [
            {
              "type": "elicitation",
              "declaration": "confirm",
              "request": { "mode": "form", "message": "Approve?", "requestedSchema": ${SCHEMA_JSON} },
${responseLine}
            }
          ]
        }`;
}

function jsonDocument(responseLine: string): string {
  return jsonToolDocument(jsonExample('approve', responseLine));
}

const SCHEMA_YAML = '{ type: object, properties: { approved: { type: boolean } }, required: [approved] }';

function yamlDocument(responseLines: string): string {
  return `mcpdesc: 0.8.0
info: { name: release-bot, version: 2.0.0 }
tools:
  - name: prepare_release
    inputSchema: { type: object }
    elicitations:
      - name: confirm
        mode: form
        message: Approve?
        requestedSchema: ${SCHEMA_YAML}
    interactionExamples:
      approve:
        steps:
          - type: elicitation
            declaration: confirm
            request: { mode: form, message: Approve?, requestedSchema: ${SCHEMA_YAML} }
${responseLines}
`;
}

/** Each has a missing-content diagnostic whose "Add content" fix can never remove it. */
export const UNATTACHED: BrokenDocument[] = [
  {
    name: 'json: "oops" {{ inside the response',
    format: 'json',
    text: jsonDocument('              "response": { "action": "accept", "oops" {{ }'),
  },
  {
    name: 'yaml flow: "oops" {{ inside the response',
    format: 'yaml',
    text: yamlDocument('            response: { action: accept, "oops" {{ }'),
  },
  {
    name: 'yaml block: "oops" {{ inside the response',
    format: 'yaml',
    text: yamlDocument('            response:\n              action: accept\n              "oops" {{ }'),
  },
];

/** Broken after the response: "Add content" still removes its diagnostic. */
export const ATTACHED: BrokenDocument = {
  name: 'json: "oops" {{ after the response',
  format: 'json',
  text: jsonDocument('              "response": { "action": "accept" }, "oops" {{'),
};

export const CLEAN: BrokenDocument = {
  name: 'json: no syntax error',
  format: 'json',
  text: jsonDocument('              "response": { "action": "accept" }'),
};

/**
 * Two steps that each miss their content, far apart, with `fillerLines` untouched lines between
 * them: a clean document whose two fixes are lines away from each other.
 */
export function twoFixesApart(fillerLines: number): string {
  const filler = Array.from({ length: fillerLines }, (_, index) => `        "example-${index}": { "steps": [] },`).join('\n');
  const step = (name: string): string => jsonExample(name, '              "response": { "action": "accept" }');
  return jsonToolDocument(`${step('first')},
${filler}
${step('last')}`);
}
