// MCP's catalogue of extensions, pinned: MCP Description 0.8.0 (migration guide, Capabilities) asks a
// validator to "disclose and pin its catalogue source, effective date, and maturity assignments".
// Its date is the catalogue's, not an MCP revision's, so it lives here beside the revision table.
/**
 * The catalogue of MCP extensions this linter is pinned to, with its source and the date it was
 * read as of. The same assignments as the official validator's (@mcpdesc/validator 0.10.1,
 * `mcpExtensionCatalogue` of the 0.8.0 snapshot's validator-base.mjs). A new release of MCP's
 * extension list changes it here, with the date.
 */
export const MCP_EXTENSION_CATALOGUE = {
  source: 'https://modelcontextprotocol.io/extensions/overview',
  effectiveDate: '2026-09-04',
  official: [
    'io.modelcontextprotocol/enterprise-managed-authorization',
    'io.modelcontextprotocol/oauth-client-credentials',
    'io.modelcontextprotocol/tasks',
    'io.modelcontextprotocol/ui',
  ],
  experimental: [] as string[],
} as const;
