// The quick-fixes of the identity findings (formatVersion.ts). They read the root again from the
// check's settled tree, never from nodes kept with the finding, so they are right after any edit the
// one-tool shortcut took.
import type { DocumentEditor } from '../fixes/editor';
import type { FixPlan } from '../fixes/quickFixes';
import { memberOf, propertiesOf, type SyntaxNode } from '../syntax/tree';
import type { DocumentFormat, FormattingOptions } from '../types';
import { STABLE_SCHEMA_URI, SUPPORTED_VERSION, type VersionFinding } from './formatVersion';
import { migrationEdit } from './migration';

/** What the fixes need beyond the editor: the migration re-parses the text it rewrites. */
export interface VersionFixContext {
  text: string;
  format: DocumentFormat;
  root: SyntaxNode;
  rootIndex: number;
  formatting?: FormattingOptions;
}

export function versionFixesFor(finding: VersionFinding, editor: DocumentEditor, context: VersionFixContext): FixPlan[] {
  const preferred = finding.fixPreferred === true;
  switch (finding.fix) {
    case 'stable-schema': {
      const schema = memberOf(context.root, '$schema');
      if (!schema) return [];
      const edits =
        schema.type === 'string'
          ? editor.replaceString(schema, STABLE_SCHEMA_URI)
          : editor.replaceValue(schema, { json: STABLE_SCHEMA_URI });
      return planOf(`Use the stable MCP Description ${SUPPORTED_VERSION} schema URI`, preferred, edits);
    }
    case 'declare-version': {
      if (memberOf(context.root, 'mcpdesc') || memberOf(context.root, '$schema')) return [];
      const edits = editor.addMembers(
        context.root,
        [
          ['$schema', { json: STABLE_SCHEMA_URI }],
          ['mcpdesc', { json: SUPPORTED_VERSION }],
        ],
        propertiesOf(context.root)[0],
      );
      return planOf(`Declare MCP Description ${SUPPORTED_VERSION}`, preferred, edits);
    }
    case 'migrate': {
      const edit = migrationEdit(context.text, context.format, context.rootIndex, context.formatting);
      return planOf(`Migrate to MCP Description ${SUPPORTED_VERSION}`, preferred, edit ? [edit] : []);
    }
    default:
      return [];
  }
}

function planOf(title: string, isPreferred: boolean, edits: FixPlan['edits']): FixPlan[] {
  return edits.length === 0 ? [] : [{ title, isPreferred, edits }];
}
