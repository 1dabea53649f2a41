// Hover: on a step's `declaration`, the declaration it names (or that there is none); on a
// declaration's key, how much it is used.
import { keyNodeOf } from '../tree';
import { code, escapeMarkdown } from './markdown';
import { declarationHeading, declarationMarkdown, modeText } from './declarationMarkdown';
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
  const declaration = at.symbols.declarations.get(at.name);
  if (declaration) return declarationMarkdown(declaration, at.symbols.tool.label);
  const declared = [...at.symbols.declarations.keys()].map(code).join(', ') || 'none';
  return `**Unknown elicitation ${code(at.name)}**: tool ${code(at.symbols.tool.label)} declares no elicitation of that name (declared: ${declared}).`;
}

function keyHover(at: NameAt): string {
  const declaration = at.symbols.declarations.get(at.name);
  const steps = referencesTo(at.symbols, at.name);
  const examples = new Set(steps.map((step) => step.example)).size;
  const usage = steps.length === 0
    ? 'Not used by any step.'
    : `Used by ${count(steps.length, 'step')} in ${count(examples, 'example')}.`;
  const parts = [declarationHeading(at.name, at.symbols.tool.label)];
  if (declaration) parts.push(`Mode: ${code(modeText(declaration))}`);
  parts.push(usage);
  if (declaration && keyNodeOf(declaration.property) !== at.node) {
    parts.push(`This key is shadowed: a later ${code(at.name)} in the same \`elicitations\` is the declaration steps use.`);
  } else if (declaration?.problem) {
    parts.push(`Invalid: ${escapeMarkdown(declaration.problem)}.`);
  }
  return parts.join('\n\n');
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
