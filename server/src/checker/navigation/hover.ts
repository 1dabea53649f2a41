// Hover: on a step's `declaration`, the declaration it names (or that there is none); on a
// declaration's key, how much it is used.
import { keyNodeOf } from '../tree';
import { clipped, code, escapeMarkdown } from './markdown';
import { declarationHeading, declarationMarkdown } from './declarationMarkdown';
import { declarationView, modeText, problemOf } from './declarationView';
import { nameAt, type NameAt } from './nameAt';
import { referencesTo } from './toolSymbols';
import type { HoverResult, NavigationDocument } from './types';

export function hoverAt(document: NavigationDocument, offset: number): HoverResult | undefined {
  const at = nameAt(document, offset);
  if (!at) return undefined;
  const range = { offset: at.node.offset, length: at.node.length };
  return { markdown: at.side === 'reference' ? referenceHover(at) : keyHover(at), range };
}

function referenceHover(at: NameAt): string {
  const property = at.symbols.declarations.get(at.name);
  if (property) {
    const declaration = declarationView(at.name, property);
    return declarationMarkdown(declaration, at.symbols.label, problemOf(declaration));
  }
  return `**Unknown elicitation ${code(at.name)}**: tool ${code(at.symbols.label)} declares no elicitation of that name (${declaredList(at.symbols.declarations)}).`;
}

function keyHover(at: NameAt): string {
  const property = at.symbols.declarations.get(at.name);
  const declaration = property && declarationView(at.name, property);
  const steps = referencesTo(at.symbols, at.name);
  const examples = new Set(steps.map((step) => step.example)).size;
  const usage = steps.length === 0
    ? 'Not used by any step.'
    : `Used by ${count(steps.length, 'step')} in ${count(examples, 'example')}.`;
  const parts = [declarationHeading(at.name, at.symbols.label)];
  if (declaration) parts.push(`Mode: ${code(modeText(declaration))}`);
  parts.push(usage);
  if (declaration && keyNodeOf(declaration.property) !== at.node) {
    parts.push(`This key is shadowed: a later ${code(at.name)} in the same \`elicitations\` is the declaration steps use.`);
  } else if (declaration) {
    const problem = problemOf(declaration);
    if (problem) parts.push(`Invalid: ${escapeMarkdown(problem)}.`);
  }
  return parts.join('\n\n');
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** At most this many names in the list of what a tool declares. */
const MAX_LISTED_NAMES = 20;

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
