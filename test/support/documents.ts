// Small mcpdesc documents for tests, built from parts, in MCP Description 0.8.0: a tool's
// `elicitations` is an array of declarations, each with a `name` and an explicit `mode`.
export interface ToolParts {
  name?: string;
  /** The tool's `elicitations` as written (an array of declarations, or anything else to test). */
  elicitations?: unknown;
  steps?: unknown[];
  extra?: Record<string, unknown>;
}

export const CONFIRM_SCHEMA = {
  type: 'object',
  properties: { approved: { type: 'boolean' } },
  required: ['approved'],
};

export const CONFIRM = { name: 'confirm', mode: 'form', message: 'Approve this release?', requestedSchema: CONFIRM_SCHEMA };
export const AUTHORIZE = {
  name: 'authorize',
  mode: 'url',
  message: 'Authorize publication.',
  url: 'https://mcp.example.com/release/connect',
};

/** The request a step sends for a declaration: the declaration without its `name`. */
export function requestOf(declaration: Record<string, unknown>): Record<string, unknown> {
  const { name: _name, ...request } = declaration;
  return request;
}

export function tool(parts: ToolParts): Record<string, unknown> {
  const result: Record<string, unknown> = { name: parts.name ?? 'prepare_release', inputSchema: { type: 'object' } };
  if (parts.elicitations !== undefined) result.elicitations = parts.elicitations;
  result.interactionExamples = { example: { input: {}, steps: parts.steps ?? [] } };
  return { ...result, ...parts.extra };
}

export function documentOf(...tools: Record<string, unknown>[]): string {
  return JSON.stringify({ mcpdesc: '0.8.0', info: { name: 'test', version: '1.0.0' }, tools }, null, 2) + '\n';
}

/** An elicitation step; `declaration` undefined leaves the member out. */
export function formStep(
  declaration: unknown,
  response: unknown,
  request: unknown = requestOf(CONFIRM),
): Record<string, unknown> {
  return declaration === undefined
    ? { type: 'elicitation', request, response }
    : { type: 'elicitation', declaration, request, response };
}
