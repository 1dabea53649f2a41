// Small mcpdesc documents with a chosen number of known errors, for the CI options' tests: one tool
// declaring `confirm` (form) and `authorize` (url), and one interaction example per step, each step
// naming the declaration given (a name the tool does not declare is one unknown-declaration error
// on that name, and nothing else). `padding` blank lines after the first line move every finding
// down without changing any.
// Apart from ciDocuments.ts (git, so child_process) so that a test of the server can use them and
// still share its folder's fast-tier process (scripts/shared-process-blockers.mjs).

export function documentWithSteps(declarations: readonly string[], padding = 0): string {
  const examples = declarations.map((declaration, index) => {
    const name = JSON.stringify(`example-${index}`);
    return `        ${name}: {
          "input": { "version": "1.0.${index}" },
          "steps": [
            {
              "type": "elicitation",
              "declaration": ${JSON.stringify(declaration)},
              "request": {
                "mode": "form",
                "message": "Approve this release?",
                "requestedSchema": {
                  "type": "object",
                  "properties": { "approved": { "type": "boolean" } },
                  "required": ["approved"]
                }
              },
              "response": { "action": "decline" }
            }
          ],
          "result": { "content": [{ "type": "text", "text": "Declined." }] }
        }`;
  });
  return `{
${'\n'.repeat(padding)}  "mcpdesc": "0.8.0",
  "protocolVersions": ["2025-11-25"],
  "info": { "name": "release-bot", "version": "2.0.0" },
  "transports": [{ "type": "stdio", "command": "release-bot" }],
  "tools": [
    {
      "name": "prepare_release",
      "description": "Prepare a release.",
      "inputSchema": { "type": "object", "properties": { "version": { "type": "string" } }, "required": ["version"] },
      "elicitations": [
        {
          "name": "confirm",
          "mode": "form",
          "message": "Approve this release?",
          "requestedSchema": {
            "type": "object",
            "properties": { "approved": { "type": "boolean" } },
            "required": ["approved"]
          }
        },
        { "name": "authorize", "mode": "url", "message": "Authorize publication.", "url": "https://mcp.example.com/release/connect" }
      ],
      "interactionExamples": {
${examples.join(',\n')}
      }
    }
  ]
}
`;
}
