// What a fix inserts on one line reads like the line it goes into: "Add content" in a spaced,
// single-line response writes `{ "approved": false }`, not JSON.stringify's `{"approved":false}`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyEdits, checkDocument } from '../../server/src/checker';
import { elicitationOnly } from '../support/ruleScope';

const DOCUMENT = `{
  "mcpdesc": "0.8.0",
  "tools": [
    {
      "name": "t",
      "elicitations": [
        { "name": "confirm", "mode": "form", "message": "Sure?", "requestedSchema": { "type": "object", "properties": { "approved": { "type": "boolean" }, "tags": { "type": "array", "items": { "type": "string", "enum": ["a", "b"] } } }, "required": ["approved", "tags"] } }
      ],
      "interactionExamples": {
        "e": {
          "steps": [
            { "type": "elicitation", "declaration": "confirm", "request": { "message": "Sure?", "requestedSchema": { "type": "object", "properties": { "approved": { "type": "boolean" }, "tags": { "type": "array", "items": { "type": "string", "enum": ["a", "b"] } } }, "required": ["approved", "tags"] } }, "response": { "action": "accept" } }
          ]
        }
      }
    }
  ]
}
`;

describe('inserted JSON on one line', () => {
  it('Add content writes the skeleton spaced like its line, and the result checks clean', () => {
    const result = checkDocument(DOCUMENT, elicitationOnly());
    assert.deepEqual(
      result.diagnostics.map((diagnostic) => diagnostic.data.violation),
      ['missing-content'],
    );
    const [fix] = result.fixesFor(result.diagnostics[0]);
    assert.equal(fix.title, 'Add content');
    const fixed = applyEdits(DOCUMENT, fix.edits);
    assert.ok(fixed.includes('"response": { "action": "accept", "content": { "approved": false, "tags": [] } }'), fixed);
    assert.deepEqual(checkDocument(fixed, elicitationOnly()).diagnostics, []);
  });
});
