// Small mcpdesc documents with a chosen number of known errors, for the CI options' tests: one tool
// declaring `confirm` (form) and `authorize` (url), and one interaction example per step, each step
// naming the declaration given (a name the tool does not declare is one unknown-declaration error
// on that name, and nothing else). `padding` blank lines after the first line move every finding
// down without changing any.
import { spawnSync } from 'node:child_process';

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

/** Runs git in `cwd` (a test's repository), failing the test with git's own words when it fails. */
export function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    },
  });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed:\n${run.stderr}`);
  return run.stdout;
}

/** A repository in `root` with everything in it committed on `main`. */
export function initRepository(root: string): void {
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'base');
}
