// RFC 6570 URI templates as the whole-document rules read them: whether a template is one, and the
// variables it names (those a completion example may name; those a resource example's URI expands).
// A file of its own, since the resource and the completion example checks both read templates.

const OPERATORS = '+#./;?&';
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;

/** The variable names of an RFC 6570 template, or why it is not one. */
export function templateVariables(template: string): Set<string> | string {
  const names = new Set<string>();
  let position = 0;
  while (position < template.length) {
    const open = template.indexOf('{', position);
    const close = template.indexOf('}', position);
    if (close >= 0 && (open < 0 || close < open)) return `'}' at ${close + 1} closes no expression`;
    if (open < 0) break;
    const end = template.indexOf('}', open + 1);
    if (end < 0) return `the expression at ${open + 1} is not closed`;
    let body = template.slice(open + 1, end);
    if (body.includes('{')) return `'{' inside the expression at ${open + 1}`;
    if (OPERATORS.includes(body[0] ?? '')) body = body.slice(1);
    else if ('=,!@|'.includes(body[0] ?? '')) return `the operator '${body[0]}' at ${open + 2} is reserved`;
    if (body === '') return `the expression at ${open + 1} names no variable`;
    for (const spec of body.split(',')) {
      const name = spec.replace(/(?::[1-9][0-9]{0,3}|\*)$/, '');
      if (!VARNAME.test(name)) return `'${spec}' is not a variable specification`;
      names.add(name);
    }
    position = end + 1;
  }
  return names;
}
