// The documents the server sees: JSON, JSONC and YAML files on disk. Whether one of them is an
// mcpdesc document is the server's decision (name, root member, configured globs), not the client's.
const LANGUAGES = ['json', 'jsonc', 'yaml'];

/** Plain filters, assignable to both vscode's and vscode-languageclient's DocumentSelector. */
export const MCPDESC_DOCUMENT_SELECTOR: Array<{ scheme: string; language: string }> = LANGUAGES.map((language) => ({
  scheme: 'file',
  language,
}));

export function isSelectedLanguage(languageId: string, scheme: string): boolean {
  return scheme === 'file' && LANGUAGES.includes(languageId);
}
