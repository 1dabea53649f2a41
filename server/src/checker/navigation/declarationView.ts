// What hovers and completions show of a declaration, read straight from its nodes. Whether the
// declaration is usable (the rule's violation kind 9, which needs its schema compiled) is asked only
// for the one declaration a hover shows, through the rule's own reader.
import { memberOf, stringOf, type SyntaxNode } from '../tree';

export interface DeclarationView {
  name: string;
  /** Its property in `elicitations`. */
  property: SyntaxNode;
  value: SyntaxNode;
  /** Effective mode; undefined when the declaration is not an object or its mode is neither form nor url. */
  mode?: 'form' | 'url';
  message?: string;
}

export function declarationView(name: string, property: SyntaxNode): DeclarationView {
  const value = property.children![1];
  const view: DeclarationView = { name, property, value };
  if (value.type !== 'object') return view;
  const modeNode = memberOf(value, 'mode');
  const mode = modeNode ? stringOf(modeNode) : 'form';
  if (mode === 'form' || mode === 'url') view.mode = mode;
  const message = stringOf(memberOf(value, 'message'));
  if (message !== undefined) view.message = message;
  return view;
}

/** `form`, `url`, or what is wrong with the mode. */
export function modeText(view: DeclarationView): string {
  if (view.mode) return view.mode;
  return view.value.type === 'object' ? 'invalid mode' : 'invalid';
}

/** Why the rule cannot use the declaration (its kind-9 message), or undefined when it can. */
export function problemOf(view: DeclarationView): string | undefined {
  // Navigation is being moved onto the document model (model/documentModel.ts); until then hovers say nothing of usability.
  void view;
  return undefined;
}
