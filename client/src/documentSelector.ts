// The documents the server sees: JSON and JSONC files on disk. Whether one of them is an mcpdesc
// document is the server's decision (name, root member, configured globs), not the client's.
/** Plain filters, assignable to both vscode's and vscode-languageclient's DocumentSelector. */
export const MCPDESC_DOCUMENT_SELECTOR: Array<{ scheme: string; language: string }> = [
  { scheme: 'file', language: 'json' },
  { scheme: 'file', language: 'jsonc' },
];

export function isSelectedLanguage(languageId: string, scheme: string): boolean {
  return scheme === 'file' && (languageId === 'json' || languageId === 'jsonc');
}
