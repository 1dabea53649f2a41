// The documents the server sees: JSON, JSONC and YAML files, on disk or in a virtual workspace
// (vscode.dev and github.dev name a repository's files vscode-vfs:, the @vscode/test-web harness its
// folder vscode-test-web:, a browser's extension host the files of a remote host, code-server's or a
// codespace's, vscode-remote:). Not untitled documents, nor the git: and other views of a file's past.
// Whether one of them is an mcpdesc document is the server's decision (name, root member, configured
// globs), not the client's.
const LANGUAGES = ['json', 'jsonc', 'yaml'];
const SCHEMES = ['file', 'vscode-vfs', 'vscode-remote', 'vscode-test-web'];

/** Plain filters, assignable to both vscode's and vscode-languageclient's DocumentSelector. */
export const MCPDESC_DOCUMENT_SELECTOR: Array<{ scheme: string; language: string }> = SCHEMES.flatMap((scheme) =>
  LANGUAGES.map((language) => ({ scheme, language })),
);

export function isSelectedLanguage(languageId: string, scheme: string): boolean {
  return SCHEMES.includes(scheme) && LANGUAGES.includes(languageId);
}
