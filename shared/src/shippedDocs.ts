// Where the rule pages are on this machine: the docs/rules/ folder shipped next to the running
// bundle (the .vsix and the npm package carry it; a checkout has it at its root). Diagnostics link
// to it, so the link opens a page that exists, offline, in the version that produced the diagnostic.
// Found from this module's own location, without touching the file system: a server must read
// nothing outside the workspace it serves, and its own installation is no exception worth a probe.
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The folder of the package this module runs from: a bundle's (dist/x.js) parent, or the checkout of out/shared/src. */
function packageRootOf(moduleDirectory: string): string {
  const compiledSources = basename(moduleDirectory) === 'src' && basename(dirname(moduleDirectory)) === 'shared';
  return compiledSources ? join(moduleDirectory, '..', '..', '..') : join(moduleDirectory, '..');
}

function docsBaseUriOf(moduleDirectory: string): string {
  return `${pathToFileURL(join(packageRootOf(moduleDirectory), 'docs', 'rules')).href}/`;
}

/** This module's own answer, made once: every check of every document asks for it. */
const OWN_DOCS_BASE_URI = docsBaseUriOf(__dirname);

/** The file: URI of the shipped docs/rules/ folder, with a trailing '/'. */
export function shippedDocsBaseUri(moduleDirectory?: string): string {
  return moduleDirectory === undefined ? OWN_DOCS_BASE_URI : docsBaseUriOf(moduleDirectory);
}
