// The quick-fixes of mcpdesc.document.semantics, offered where the repair is evident from the
// finding alone: a step a revision of the tool's scope lacks is fixed by scoping the tool to the
// revisions that have it (offered, not preferred: it changes what the tool claims); a scope listed
// twice in a security requirement loses the repetition; the scopes of an HTTP or API-key scheme are
// cleared; a result's resultType goes where the scope calls for it, or away where none of it does;
// a member a revision of the scope lacks is scoped or removed (memberRevisionFixes.ts).
// Nodes are found from the finding's pointer, so the fixes read the tree as it is now.
import {
  effectiveProperties,
  itemsOf,
  keyNodeOf,
  memberOf,
  nodeAtPointer,
  propertyOf,
  scalarOf,
  type SyntaxNode,
} from '../../../syntax/tree';
import { normalizeEdits } from '../../../syntax/textEdits';
import { primitiveScope } from '../../../model/protocolScope';
import { toolsArrayOf } from '../../../model/documentModel';
import { MCP, type McpFeature } from '../../../mcp/revisions';
import type { SemanticFinding } from '../semanticFinding';
import type { OffsetEdit } from '../../../types';
import type { DocumentEditor } from '../../../syntax/editor';
import type { FixPlan } from '../../fixPlan';
import { memberRevisionFixes } from './memberRevisionFixes';
import { scopeTo } from './scopeTo';

export function semanticFixesFor(finding: SemanticFinding, root: SyntaxNode, editor: DocumentEditor): FixPlan[] {
  switch (finding.kind) {
    case 'step-revision-mismatch':
      return scopeToolFrom(finding, root, editor);
    case 'duplicate-security-scope':
      return dropElement(finding, root, editor);
    case 'non-oauth-scope-misuse': {
      const scopes = nodeAtPointer(root, finding.pointer);
      if (scopes?.type !== 'array') return [];
      // Each item with its comma, the comments left in the brackets; a YAML block sequence becomes `[]`.
      const cleared = editor.removeElements(scopes, itemsOf(scopes), true);
      return plan(
        'Clear the scopes (write [])',
        true,
        cleared.length > 0 ? cleared : editor.replaceValue(scopes, { elements: [] }),
      );
    }
    case 'tool-example-result-version-mismatch':
      return resultTypeFix(finding, root, editor);
    case 'field-not-supported-by-version':
    case 'resource-annotation-not-supported-by-version':
    case 'extensions-not-supported-by-version':
      return memberRevisionFixes(finding, root, editor);
    default:
      return [];
  }
}

function plan(title: string, isPreferred: boolean, edits: OffsetEdit[] | undefined): FixPlan[] {
  const normalized = edits && edits.length ? normalizeEdits(edits) : undefined;
  return normalized ? [{ title, isPreferred, edits: normalized }] : [];
}

/** The element of `/tools/N` a pointer lies in. */
function toolOf(root: SyntaxNode, pointer: string): SyntaxNode | undefined {
  const match = /^\/tools\/(\d+)\//.exec(pointer);
  return match ? toolsArrayOf(root)?.items[Number(match[1])] : undefined;
}

/** What the step the finding points at uses: elicitation (at its type), url mode (at its request's mode), or tool use in sampling. */
function featureOfStep(pointer: string): McpFeature {
  if (/\/steps\/\d+\/type$/.test(pointer)) return 'elicitation';
  return /\/request\/mode$/.test(pointer) ? 'elicitation.url' : 'sampling.tools';
}

/** "Scope the tool to …": its protocolVersions without the revisions before the one the step needs. */
function scopeToolFrom(finding: SemanticFinding, root: SyntaxNode, editor: DocumentEditor): FixPlan[] {
  const tool = toolOf(root, finding.pointer);
  if (tool?.type !== 'object') return [];
  const feature = featureOfStep(finding.pointer);
  return scopeTo(tool, 'tool', root, editor, (revision) => MCP.has(revision, feature));
}

/**
 * Removes the repeated element a finding points at, with its comma or its lines, leaving the rest of
 * the list and its comments as they were. Fix-all removes every repeat of one list in one edit
 * (removeTogether.ts); each quick-fix stays this one element's, so a request about a minified line
 * holding thousands of repeats answers with one small edit per repeat, not the whole list each.
 */
function dropElement(finding: SemanticFinding, root: SyntaxNode, editor: DocumentEditor): FixPlan[] {
  const slash = finding.pointer.lastIndexOf('/');
  const array = listAt(root, finding.pointer.slice(0, slash), editor);
  const element = array?.type === 'array' ? array.items[Number(finding.pointer.slice(slash + 1))] : undefined;
  if (!element || !array || element.offset !== finding.offset) return [];
  const edits = normalizeEdits(editor.removeElements(array, [element]));
  if (!edits || edits.length === 0) return [];
  return [
    {
      title: `Remove the repeated scope ${JSON.stringify(scalarOf(element))}`,
      isPreferred: true,
      edits,
      removes: { array, element },
    },
  ];
}

/**
 * The node at `pointer` in `root`, looked up once per editor (the editor is one check's, for the
 * tree as it is): the repeats of a 100,000-item list are 100,000 findings in one list, and reading
 * their pointer again for each cost more than removing the item.
 */
function listAt(root: SyntaxNode, pointer: string, editor: DocumentEditor): SyntaxNode | undefined {
  let byRoot = listsByEditor.get(editor);
  if (!byRoot) listsByEditor.set(editor, (byRoot = new WeakMap()));
  let byPointer = byRoot.get(root);
  if (!byPointer) byRoot.set(root, (byPointer = new Map()));
  if (!byPointer.has(pointer)) byPointer.set(pointer, nodeAtPointer(root, pointer));
  return byPointer.get(pointer);
}

const listsByEditor = new WeakMap<DocumentEditor, WeakMap<SyntaxNode, Map<string, SyntaxNode | undefined>>>();

/**
 * A result's resultType: added as 'complete' where every revision of the tool's scope has it,
 * removed where none has. A scope with both cannot hold one result for all of them.
 */
function resultTypeFix(finding: SemanticFinding, root: SyntaxNode, editor: DocumentEditor): FixPlan[] {
  if (!finding.pointer.endsWith('/result/resultType')) return [];
  const tool = toolOf(root, finding.pointer);
  const scope = tool ? primitiveScope(tool, root)?.versions : undefined;
  const result = nodeAtPointer(root, finding.pointer.slice(0, -'/resultType'.length));
  if (!scope || result?.type !== 'object') return [];
  const property = propertyOf(result, 'resultType');
  if (scope.every((revision) => MCP.has(revision, 'result.resultType'))) {
    const value = memberOf(result, 'resultType');
    if (!value)
      return plan(
        'Add "resultType": "complete"',
        true,
        editor.addMembers(result, [['resultType', { json: 'complete' }]], [...effectiveProperties(result).values()][0]),
      );
    return value.type === 'string' ? plan('Use "resultType": "complete"', true, editor.replaceString(value, 'complete')) : [];
  }
  if (
    !scope.some((revision) => MCP.has(revision, 'result.resultType')) &&
    property &&
    keyNodeOf(property) &&
    !editor.isInherited?.(property)
  ) {
    return plan(
      `Remove resultType (MCP ${scope.join(', ')} ${scope.length > 1 ? 'have' : 'has'} none)`,
      true,
      editor.removeMember(property),
    );
  }
  return [];
}
