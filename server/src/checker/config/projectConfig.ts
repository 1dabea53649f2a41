// The project configuration file (mcpdesc-lint.config.json, .jsonc, .yaml, .yml) read from its
// text: data, never code, so reading one from an untrusted workspace is safe. Its members:
//   root       boolean: the lookup for configuration files stops here
//   extends    a preset name, or an array of them (mcpdesc:official), laid under this file's rules
//   rules      rule id -> error | warning | information | hint | on | off
//   include    globs of extra mcpdesc documents, relative to the file's folder
//   exclude    globs never checked, relative to the file's folder
//   overrides  [{ files: [globs], rules: {…} }], later entries win
// A file that cannot be used as written (its syntax, a member of the wrong type, a severity that
// does not exist) is not used at all, and gets one error at the first place that is wrong; unknown
// rule ids and members are warnings and passed over (an id is kept, for a newer linter's rules).
// Read by the syntax of its name (syntax/syntaxOf.ts), as a document of that syntax is: JSON files
// as JSONC (comments, trailing commas), YAML by the yaml package's parser.
import {
  CONFIG_RULE_ID,
  PRESETS,
  SEVERITY_SETTINGS,
  isRuleId,
  isSeveritySetting,
  type SeveritySetting,
} from '../../../../shared/src/rules';
import { MAX_GLOBS_TOTAL_LENGTH, recognitionGlob } from '../recognition/globMatcher';
import { LineIndex } from '../syntax/lineIndex';
import { makeDiagnostic } from '../rules/makeDiagnostic';
import { effectiveProperties, itemsOf, stringOf, type PropertyNode, type SyntaxNode } from '../syntax/tree';
import type { ConfigViolation, Diagnostic, DocumentFormat } from '../types';
import { syntaxOf } from '../syntax/syntaxOf';

/** In precedence order: when a folder has several, the first is used and the others are reported as unused. */
export const CONFIG_FILE_NAMES = [
  'mcpdesc-lint.config.json',
  'mcpdesc-lint.config.jsonc',
  'mcpdesc-lint.config.yaml',
  'mcpdesc-lint.config.yml',
] as const;

export interface ConfigOverride {
  files: string[];
  rules: Record<string, SeveritySetting>;
}

export interface ProjectConfig {
  root: boolean;
  rules: Record<string, SeveritySetting>;
  include: string[];
  exclude: string[];
  overrides: ConfigOverride[];
}

export interface ConfigProblem {
  violation: ConfigViolation;
  message: string;
  offset: number;
  length: number;
}

export interface ParsedProjectConfig {
  /** Undefined when the file cannot be used (then `problems` starts with its one error). */
  config?: ProjectConfig;
  problems: ConfigProblem[];
}

export const EMPTY_CONFIG: ProjectConfig = { root: false, rules: {}, include: [], exclude: [], overrides: [] };

/** The last '/'- or '\'-separated segment of a path is one of the configuration file names. */
export function isConfigFileName(filePath: string): boolean {
  const name = filePath.slice(Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\')) + 1);
  return (CONFIG_FILE_NAMES as readonly string[]).includes(name);
}

/** YAML by a .yaml/.yml name, else JSON (JSONC). */
export function configFormatOf(filePath: string): DocumentFormat {
  return /\.ya?ml$/i.test(filePath) ? 'yaml' : 'json';
}

class Invalid extends Error {
  constructor(readonly problem: ConfigProblem) {
    super(problem.message);
  }
}

const TOP_LEVEL_MEMBERS = new Set(['$schema', 'root', 'extends', 'rules', 'include', 'exclude', 'overrides']);
const OVERRIDE_MEMBERS = new Set(['files', 'rules']);

export function parseProjectConfig(text: string, format: DocumentFormat): ParsedProjectConfig {
  const warnings: ConfigProblem[] = [];
  try {
    const root = rootOf(text, format);
    if (!root) return { config: EMPTY_CONFIG, problems: [] };
    if (root.type !== 'object')
      throw invalid(
        root,
        'The configuration must be an object (a mapping in YAML) of root, rules, include, exclude and overrides.',
      );
    const members = effectiveProperties(root);
    for (const [name, property] of members) {
      if (!TOP_LEVEL_MEMBERS.has(name))
        warnings.push(
          unknownMember(
            property,
            name,
            [...TOP_LEVEL_MEMBERS].filter((member) => member !== '$schema'),
          ),
        );
    }
    const value = (name: string): SyntaxNode | undefined => members.get(name)?.value;
    const rootNode = value('root');
    if (rootNode && rootNode.type !== 'boolean') throw invalid(rootNode, '"root" must be true or false.');
    const overridesNode = value('overrides');
    const globBudget = { left: MAX_GLOBS_TOTAL_LENGTH };
    if (overridesNode && overridesNode.type !== 'array')
      throw invalid(overridesNode, '"overrides" must be an array of { "files": [globs], "rules": {…} }.');
    const config: ProjectConfig = {
      root: rootNode?.value === true,
      // A preset is what its rules would be if written here; the file's own rules win over it.
      rules: { ...presetRules(value('extends')), ...rulesOf(value('rules'), 'rules', warnings) },
      include: globsOf(value('include'), 'include', globBudget),
      exclude: globsOf(value('exclude'), 'exclude', globBudget),
      overrides: (overridesNode?.items ?? []).map((entry, index) => overrideOf(entry, index, warnings, globBudget)),
    };
    return { config, problems: warnings };
  } catch (error) {
    if (error instanceof Invalid) return { problems: [error.problem] };
    throw error;
  }
}

/** The file's one root, read by its syntax's own parser (as a document of that syntax is). */
function rootOf(text: string, format: DocumentFormat): SyntaxNode | undefined {
  const parsed = syntaxOf(format).parse(text);
  const error = parsed.syntaxErrors[0];
  if (error)
    throw new Invalid({
      violation: 'invalid-config',
      message: `Syntax error: ${error.message}`,
      offset: error.offset,
      length: error.length,
    });
  // Only a YAML stream holds several documents.
  if (parsed.roots.length > 1) {
    throw new Invalid({
      violation: 'invalid-config',
      message: 'The configuration must be one YAML document; this is a second one.',
      offset: parsed.documentOffsets?.[1] ?? parsed.roots[1].offset,
      length: 0,
    });
  }
  return parsed.roots[0];
}

function invalid(node: SyntaxNode, message: string): Invalid {
  return new Invalid({ violation: 'invalid-config', message, offset: node.offset, length: node.length });
}

/** A name or value of the file as a message quotes it: its start when it is long (the range shows all of it). */
function shortened(text: string): string {
  if (text.length <= 100) return text;
  const end = /[\uD800-\uDBFF]/.test(text[99]) ? 99 : 100;
  return `${text.slice(0, end)}…`;
}

function unknownMember(property: PropertyNode, name: string, known: string[]): ConfigProblem {
  const key = property.key;
  return {
    violation: 'unknown-member',
    message: `Unknown member "${shortened(name)}" (known: ${known.join(', ')}); it is ignored.`,
    offset: key.offset,
    length: key.length,
  };
}

function rulesOf(node: SyntaxNode | undefined, where: string, warnings: ConfigProblem[]): Record<string, SeveritySetting> {
  const rules: Record<string, SeveritySetting> = {};
  if (!node) return rules;
  if (node.type !== 'object')
    throw invalid(node, `"${where}" must be an object of rule id to severity (${SEVERITY_SETTINGS.join(', ')}).`);
  for (const [ruleId, property] of effectiveProperties(node)) {
    const severity = property.value;
    if (severity.type !== 'string' || !isSeveritySetting(severity.value)) {
      const written = severity.type === 'string' ? ` '${shortened(severity.value)}'` : '';
      throw invalid(severity, `The severity${written} of ${shortened(ruleId)} is not one of ${SEVERITY_SETTINGS.join(', ')}.`);
    }
    if (!isRuleId(ruleId)) {
      const key = property.key;
      warnings.push({
        violation: 'unknown-rule',
        message: `Unknown rule '${shortened(ruleId)}' (not a rule of this version of mcpdesc-lint); its severity is kept but applies to nothing.`,
        offset: key.offset,
        length: key.length,
      });
    }
    rules[ruleId] = severity.value;
  }
  return rules;
}

/** The rules of the presets `extends` names, the later preset winning; a name that is no preset makes the file unusable. */
function presetRules(node: SyntaxNode | undefined): Record<string, SeveritySetting> {
  if (!node) return {};
  const known = Object.keys(PRESETS)
    .map((name) => `'${name}'`)
    .join(', ');
  const elements = node.type === 'array' ? itemsOf(node) : [node];
  if (node.type !== 'array' && node.type !== 'string')
    throw invalid(node, `"extends" must be a preset name (${known}) or an array of them.`);
  const rules: Record<string, SeveritySetting> = {};
  for (const element of elements) {
    const name = stringOf(element);
    const preset = name !== undefined && Object.hasOwn(PRESETS, name) ? PRESETS[name] : undefined;
    if (!preset) {
      const written = name === undefined ? '' : ` '${shortened(name)}'`;
      throw invalid(element, `The preset${written} is not one of this version of mcpdesc-lint (${known}).`);
    }
    Object.assign(rules, preset);
  }
  return rules;
}

/**
 * The globs of an array, each one that can be used: within the limits of globMatcher.ts (and
 * within what is left of the file's `budget` of glob characters), so matching it stays linear.
 */
function globsOf(node: SyntaxNode | undefined, where: string, budget: { left: number }): string[] {
  if (!node) return [];
  if (node.type !== 'array') throw invalid(node, `"${where}" must be an array of globs (relative to this file's folder).`);
  return node.items.map((element) => {
    if (element.type !== 'string' || element.value.trim() === '') {
      throw invalid(element, `Each glob of "${where}" must be a non-empty string.`);
    }
    if (element.value.startsWith('!'))
      throw invalid(element, `Negated globs are not supported in "${where}"; list what to leave out in "exclude" instead.`);
    // The length first: a glob past the limit is not parsed at all.
    const problem = recognitionGlob(element.value).problem;
    if (problem) throw invalid(element, `This glob of "${where}" cannot be used: ${problem}`);
    budget.left -= element.value.length;
    if (budget.left < 0) {
      throw invalid(
        element,
        `The globs of this file are too long together: at most ${MAX_GLOBS_TOTAL_LENGTH.toLocaleString('en-US')} characters in all.`,
      );
    }
    return element.value;
  });
}

function overrideOf(entry: SyntaxNode, index: number, warnings: ConfigProblem[], globBudget: { left: number }): ConfigOverride {
  const where = `overrides[${index}]`;
  if (entry.type !== 'object') throw invalid(entry, `${where} must be an object { "files": [globs], "rules": {…} }.`);
  const members = effectiveProperties(entry);
  for (const [name, property] of members) {
    if (!OVERRIDE_MEMBERS.has(name)) warnings.push(unknownMember(property, name, [...OVERRIDE_MEMBERS]));
  }
  const files = members.get('files')?.value;
  if (!files) throw invalid(entry, `${where} needs "files": the globs (relative to this file's folder) it applies to.`);
  const globs = globsOf(files, `${where}.files`, globBudget);
  if (globs.length === 0) throw invalid(files, `${where}.files must name at least one glob.`);
  return { files: globs, rules: rulesOf(members.get('rules')?.value, `${where}.rules`, warnings) };
}

/**
 * The diagnostics of a configuration file: its problems (an error first when it is not used), and
 * a warning when another configuration file of the same folder is used instead. Not configurable.
 */
export function configDiagnostics(text: string, problems: readonly ConfigProblem[], docsBaseUri?: string): Diagnostic[] {
  const lines = new LineIndex(text);
  return problems.flatMap((problem) => {
    const data = { violation: problem.violation, offset: problem.offset, length: problem.length };
    const diagnostic = makeDiagnostic(CONFIG_RULE_ID, data, problem.message, lines.rangeOf(problem.offset, problem.length), {
      docsBaseUri,
    });
    return diagnostic ? [diagnostic] : [];
  });
}

/** The problem of a configuration file shadowed by another of its folder. */
export function unusedConfigProblem(usedName: string): ConfigProblem {
  return {
    violation: 'unused-config',
    message: `Not used: ${usedName} in the same folder is used instead.`,
    offset: 0,
    length: 0,
  };
}
