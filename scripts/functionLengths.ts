// The house rule "no function longer than 100 lines", measured with the TypeScript compiler's own
// parser rather than by eye: every function-like node (declaration, method, constructor, accessor,
// function expression, arrow function) of a TypeScript source, its length counted from the line of its
// first token to the line of its last, nested functions included (a long function made of closures is
// still one long function to read). `test/structure/functionLengths.test.ts` runs it over server/src.
//
//   npm run pretest && node out/scripts/functionLengths.js [folder] [--limit N]
//
// prints every function over the limit (100 lines if left out), longest first, and exits 1 if any.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

export interface FunctionLength {
  /** The file, relative to the folder measured, with `/` separators. */
  readonly file: string;
  /** The function's name as a reader would look for it: `name`, `Class.method`, or `(anonymous)`. */
  readonly name: string;
  /** 1-based line of the function's first token. */
  readonly line: number;
  readonly lines: number;
}

/** The functions of one source text, each with its length in lines. */
export function functionLengthsOf(file: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, name: nameOf(node), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function of the `.ts` files under `root` longer than `limit` lines, longest first. */
export function functionsLongerThan(root: string, limit: number): FunctionLength[] {
  const files = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .sort();
  return files
    .flatMap((name) => functionLengthsOf(name.split(path.sep).join('/'), fs.readFileSync(path.join(root, name), 'utf8')))
    .filter((fn) => fn.lines > limit)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

function nameOf(node: ts.SignatureDeclaration): string {
  const own = node.name !== undefined && !ts.isComputedPropertyName(node.name) ? node.name.getText() : undefined;
  if (ts.isConstructorDeclaration(node)) return `${holderName(node) ?? '(class)'}.constructor`;
  if (own !== undefined) {
    const holder = ts.isFunctionDeclaration(node) ? undefined : holderName(node);
    return holder === undefined ? own : `${holder}.${own}`;
  }
  // An arrow or function expression is known by what it is assigned to or passed as.
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText();
  }
  return '(anonymous)';
}

function holderName(node: ts.Node): string | undefined {
  const parent = node.parent;
  if ((ts.isClassLike(parent) || ts.isInterfaceDeclaration(parent)) && parent.name !== undefined) return parent.name.text;
  return undefined;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const limitAt = args.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : 100;
  const root = args.find((arg, index) => !arg.startsWith('--') && index !== limitAt + 1) ?? 'server/src';
  const long = functionsLongerThan(root, limit);
  for (const fn of long) console.log(`${fn.lines}\t${path.join(root, fn.file)}:${fn.line}\t${fn.name}`);
  console.log(`${long.length} function(s) over ${limit} lines under ${root}`);
  process.exitCode = long.length > 0 ? 1 : 0;
}
