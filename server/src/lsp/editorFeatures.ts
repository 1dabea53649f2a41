// What the editor already does itself, from the client's initializationOptions, so that the server
// does not do it a second time.
//
// Syntax errors once: an editor that reports the syntax errors of open JSON and JSONC documents
// (VS Code's JSON language features do) would show each of them twice, and three times while a
// brace is missing, with ours. The server then turns `mcpdesc.syntax` off for the open JSON and
// JSONC documents, unless the user set its severity explicitly (that setting wins). YAML keeps ours
// (VS Code has no YAML validation of its own), and so do files nobody has open (the editor reports
// nothing for those) and the CLI.
//
// One outline: VS Code outlines every JSON document itself, and an extension cannot hide that
// outline for one language, so ours would double it; ours is then for YAML only.
import { SYNTAX_RULE_ID, type InitializationOptions } from '../../../shared/src/constants';
import type { McpdescSettings } from '../../../shared/src/settings';

function optionsOf(initializationOptions: unknown): InitializationOptions {
  return initializationOptions && typeof initializationOptions === 'object'
    ? (initializationOptions as InitializationOptions)
    : {};
}

export function editorReportsJsonSyntax(initializationOptions: unknown): boolean {
  return optionsOf(initializationOptions).editorReportsJsonSyntax === true;
}

/** The editor has its own outline of JSON and JSONC documents (see InitializationOptions). */
export function editorOutlinesJson(initializationOptions: unknown): boolean {
  return optionsOf(initializationOptions).editorOutlinesJson === true;
}

const JSON_LANGUAGES: ReadonlySet<string> = new Set(['json', 'jsonc']);

/** One derived object per settings object: the incremental check reuses its state only for the same settings. */
const withoutSyntax = new WeakMap<McpdescSettings, McpdescSettings>();

/** The settings an open document is checked with. */
export function settingsForOpenDocument(
  settings: McpdescSettings,
  languageId: string,
  editorReportsSyntax: boolean,
): McpdescSettings {
  if (!editorReportsSyntax || !JSON_LANGUAGES.has(languageId) || SYNTAX_RULE_ID in settings.rules) return settings;
  let derived = withoutSyntax.get(settings);
  if (!derived) {
    derived = { ...settings, rules: { ...settings.rules, [SYNTAX_RULE_ID]: 'off' } };
    withoutSyntax.set(settings, derived);
  }
  return derived;
}

/** The client's command that opens a rule's page (see InitializationOptions), if it has one. */
export function ruleDocumentationCommand(initializationOptions: unknown): string | undefined {
  const command = optionsOf(initializationOptions).ruleDocumentationCommand;
  return typeof command === 'string' && command.length > 0 ? command : undefined;
}

export function fixAllInQuickFixMenu(initializationOptions: unknown): boolean {
  return optionsOf(initializationOptions).fixAllInQuickFixMenu === true;
}
