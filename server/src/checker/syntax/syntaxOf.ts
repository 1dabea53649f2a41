// The one place a format picks its syntax: nothing registers itself, so every entry point (the
// library, fix-all, the incremental re-check, a test importing one module) reads YAML the same way.
import type { DocumentFormat } from '../types';
import { jsonSyntax } from './jsonSyntax';
import type { Syntax } from './syntax';
import { yamlSyntax } from './yamlSyntax';

const SYNTAXES: Readonly<Record<DocumentFormat, Syntax>> = { json: jsonSyntax, yaml: yamlSyntax };

export function syntaxOf(format: DocumentFormat): Syntax {
  return SYNTAXES[format];
}
