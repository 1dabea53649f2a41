// Small mcpdesc documents for tests, built from parts.
export interface ToolParts {
  name?: string;
  elicitations?: unknown;
  steps?: unknown[];
  extra?: Record<string, unknown>;
}

export const CONFIRM_SCHEMA = {
  type: 'object',
  properties: { approved: { type: 'boolean' } },
  required: ['approved'],
};

export const CONFIRM = { mode: 'form', message: 'Approve this release?', requestedSchema: CONFIRM_SCHEMA };
export const AUTHORIZE = { mode: 'url', message: 'Authorize publication.', url: 'https://mcp.example.com/release/connect' };

export function tool(parts: ToolParts): Record<string, unknown> {
  const result: Record<string, unknown> = { name: parts.name ?? 'prepare_release', inputSchema: { type: 'object' } };
  if (parts.elicitations !== undefined) result.elicitations = parts.elicitations;
  result.interactionExamples = { example: { input: {}, steps: parts.steps ?? [] } };
  return { ...result, ...parts.extra };
}

export function documentOf(...tools: Record<string, unknown>[]): string {
  return JSON.stringify({ mcpdesc: '0.9.0-rc.3', info: { name: 'test', version: '1.0.0' }, tools }, null, 2) + '\n';
}

export function formStep(declaration: unknown, response: unknown, request: unknown = { mode: 'form', message: 'Approve this release?', requestedSchema: CONFIRM_SCHEMA }): Record<string, unknown> {
  return { type: 'elicitation', declaration, request, response };
}
