// The browser build's shared/src/shippedDocs.ts (scripts/build.mjs puts it in that module's place):
// a web worker has no __dirname and no file: URIs, so the rule pages' base is the extension's own
// docs/rules/ folder as the client names it (vscode.Uri.joinPath(extensionUri, …), in its
// initializationOptions), set when the server is initialized and before anything is checked.

let ownDocsBaseUri = '';

/** Called by the browser runtime on `initialize`; the URI ends with '/'. */
export function setShippedDocsBaseUri(uri: string): void {
  ownDocsBaseUri = uri.endsWith('/') ? uri : `${uri}/`;
}

/** The URI of the shipped docs/rules/ folder, with a trailing '/' (the argument is Node's: a module directory, unused here). */
export function shippedDocsBaseUri(_moduleDirectory?: string): string {
  return ownDocsBaseUri;
}
