// Workspace symbols ("Go to Symbol in Workspace"): the tools and components of every file the server
// checks, the files never opened included. Which files those are is the workspace scan's and the
// watchers' decision (the same closed-file checks that fill the Problems panel): each closed file's
// check answers its symbols beside its diagnostics (host/closedFileCheck.ts), kept here by URI, and
// an open document's come from its current check, which wins over what its file on disk said.
import { SymbolKind, type SymbolInformation } from 'vscode-languageserver';
import { matchesSymbolQuery, type FileSymbol } from '../checker/navigation';

/** At most this many symbols answer one request: a picker shows a screenful, and the query narrows it. */
export const WORKSPACE_SYMBOL_LIMIT = 1000;

/** The symbols of the closed files, as their last checks answered them. */
export class WorkspaceSymbolIndex {
  private readonly byUri = new Map<string, readonly FileSymbol[]>();

  set(uri: string, symbols: readonly FileSymbol[]): void {
    if (symbols.length > 0) this.byUri.set(uri, symbols);
    else this.byUri.delete(uri);
  }

  delete(uri: string): void {
    this.byUri.delete(uri);
  }

  entries(): IterableIterator<[string, readonly FileSymbol[]]> {
    return this.byUri.entries();
  }
}

const KINDS: Record<FileSymbol['kind'], SymbolKind> = { tool: SymbolKind.Function, component: SymbolKind.Class };

/**
 * The symbols of `files` whose names match `query`, files in URI order and symbols in document
 * order, names that start with the query before the others, at most `limit` of them.
 */
export function workspaceSymbolsFor(
  query: string,
  files: ReadonlyMap<string, readonly FileSymbol[]>,
  limit = WORKSPACE_SYMBOL_LIMIT,
): SymbolInformation[] {
  const prefix = query.trim().toLowerCase();
  const starting: SymbolInformation[] = [];
  const others: SymbolInformation[] = [];
  for (const uri of [...files.keys()].sort()) {
    for (const symbol of files.get(uri)!) {
      if (!matchesSymbolQuery(symbol.name, query)) continue;
      const information: SymbolInformation = {
        name: symbol.name,
        kind: KINDS[symbol.kind],
        location: { uri, range: symbol.range },
      };
      if (symbol.containerName !== undefined) information.containerName = symbol.containerName;
      (symbol.name.toLowerCase().startsWith(prefix) ? starting : others).push(information);
      // Enough that start with the query: the rest could only come after them.
      if (starting.length >= limit) return starting;
    }
  }
  for (const information of others) {
    if (starting.length >= limit) break;
    starting.push(information);
  }
  return starting;
}
