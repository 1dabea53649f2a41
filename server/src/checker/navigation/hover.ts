// Hover: on a step's `declaration`, the declaration it finds (mode, message, requested fields, and
// why the rule cannot use it, if so) or what the tool object declares instead (unless the rule's
// diagnostic there says so already: the editor shows both, one above the other); on a declaration's
// `name`, the same, and how much it is used (or, on a later duplicate, which element steps use).
import { schemaCache } from '../check';
import { DocumentSchemas } from '../schema/documentSchemas';
import type { Declaration, Tool } from '../model/documentModel';
import { DeclarationVerdicts } from '../rules/elicitation/declarationVerdicts';
import { clipped, code } from './markdown';
import { declarationMarkdown, toolLabel } from './declarationMarkdown';
import { memberHoverAt } from './memberHover';
import { nameAt, stepsNaming } from './nameAt';
import type { HoverResult, NavigationDocument } from './types';

export function hoverAt(document: NavigationDocument, offset: number): HoverResult | undefined {
  const at = nameAt(document, offset);
  if (!at) return memberHoverAt(document, offset);
  const range = { offset: at.node.offset, length: at.node.length };
  if (!at.declaration) {
    // The rule's diagnostic there names the unknown name, the tool and what it declares: all this hover would.
    if (reportedAsUnknown(document, at.node.offset)) return undefined;
    return { markdown: unknownName(at.name, at.tool), range };
  }
  const markdown = declarationMarkdown(at.declaration, at.name, problemOf(at.declaration));
  return { markdown: at.side === 'reference' ? markdown : `${markdown}\n\n${usage(at.declaration, at.name)}`, range };
}

function reportedAsUnknown(document: NavigationDocument, offset: number): boolean {
  return (
    document.diagnostics?.some(
      (diagnostic) => diagnostic.data.violation === 'unknown-declaration' && diagnostic.data.offset === offset,
    ) ?? false
  );
}

/** Why the rule cannot use the declaration (its kind-9 reason), through the rule's own verdict. */
function problemOf(declaration: Declaration): string | undefined {
  // Only the one hovered declaration is judged: its schema is compiled at most once per process.
  const verdict = new DeclarationVerdicts(new DocumentSchemas(schemaCache)).of(declaration);
  return verdict.usable ? undefined : verdict.problem;
}

function usage(declaration: Declaration, name: string): string {
  if (declaration.duplicateOf)
    return `Steps naming ${code(name)} use ${code(`elicitations[${declaration.duplicateOf.index}]`)}, the first element with that name.`;
  const steps = stepsNaming(declaration.tool, name);
  const examples = new Set(steps.map((step) => step.example)).size;
  return steps.length === 0
    ? 'Not used by any step.'
    : `Used by ${count(steps.length, 'step')} in ${count(examples, 'example')}.`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** At most this many names in the list of what a tool declares. */
const MAX_LISTED_NAMES = 20;

function unknownName(name: string, tool: Tool): string {
  return `**Unknown elicitation ${code(name)}**: tool ${toolLabel(tool)} declares no elicitation of that name (${declaredList(tool.declarationsByName)}).`;
}

function declaredList(declarations: ReadonlyMap<string, unknown>): string {
  if (declarations.size === 0) return 'declared: none';
  const names: string[] = [];
  for (const name of declarations.keys()) {
    if (names.length === MAX_LISTED_NAMES) break;
    names.push(code(clipped(name)));
  }
  const more = declarations.size - names.length;
  return `declared: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}
