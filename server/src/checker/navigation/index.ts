// Declaration names and components as symbols, and the format's schema for every member: definition,
// references, rename, completion, hover and the outline,
// computed from the parse the checker made (CheckResult is a NavigationDocument). Offsets in, offsets
// out; the server converts them to positions.
export { definitionAt } from './definition';
export { referencesAt } from './references';
export { prepareRenameAt, renameAt } from './rename';
export { completionAt } from './completion';
export { schemaCompletionAt } from './schemaCompletion';
export { scaffoldsAt } from './scaffolds';
export { objectScaffoldsAt } from './objectScaffolds';
export { exampleScaffoldsAt } from './exampleScaffolds';
export { hoverAt } from './hover';
export { outline, DEFAULT_OUTLINE_LIMIT } from './outline';
export { documentLinks, DEFAULT_LINK_LIMIT } from './documentLinks';
export { fileSymbols, matchesSymbolQuery, FILE_SYMBOL_LIMIT, type FileSymbol } from './workspaceSymbols';
export type {
  DocumentLinkResult,
  HoverResult,
  NameCompletion,
  NavigationDocument,
  OffsetRange,
  OutlineKind,
  OutlineResult,
  OutlineSymbol,
  PrepareRenameResult,
  RenameResult,
  ScaffoldCompletion,
  SchemaCompletion,
} from './types';
