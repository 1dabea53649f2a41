// A form declaration's requestedSchema against MCP's restricted elicitation schema: a flat object
// whose properties are primitive property schemas (string, number/integer, boolean, the enum
// forms, and arrays only as multi-select enums). The schema is walked once, keyword by keyword;
// nothing is compiled. Keywords are checked against every checked revision in scope, and against
// the vocabulary of any revision when the scope names none of them.
import { effectiveProperties, keyNodeOf, memberOf, stringOf, type MemberNode, type SyntaxNode } from '../../syntax/tree';
import { describeNode, quote } from '../elicitation/describe';
import type { DeclarationViolationKind } from './kinds';
import { ANY_REVISION, STRING_FORMATS, type PropertyForm, type RevisionVocabulary } from './revisions';

/** A message part, built only when a message needs it (most schemas are fine). */
type Which = () => string;

export type Report = (violation: DeclarationViolationKind, anchor: SyntaxNode, message: string, target?: SyntaxNode) => void;

export interface SchemaContext {
  /** The checked revisions the declaration applies to. */
  revisions: readonly RevisionVocabulary[];
  /** How the scope reads in messages: "the document's protocolVersions (<revision>, …)". */
  scopeText: () => string;
  /** How messages name the schema: "the requestedSchema of declaration 'x' of prompt 'p'" (built only for a message). */
  schemaTitle: () => string;
  report: Report;
}

const FORM_WORDS: Record<PropertyForm, string> = {
  string: 'a string property',
  number: 'a number property',
  boolean: 'a boolean property',
  enum: 'an enum property',
  titledEnum: "a titled enum property ('oneOf')",
  multiSelect: 'a multi-select enum property (an array)',
};

/** `schema` is the resolved requestedSchema; `key` is the `requestedSchema` key of the declaration. */
export function checkRequestedSchema(schema: SyntaxNode, key: SyntaxNode, context: SchemaContext): void {
  const { report } = context;
  const schemaTitle = context.schemaTitle;
  const members = effectiveProperties(schema);
  for (const [keyword, property] of members) {
    const keywordKey = keyNodeOf(property)!;
    if (!ANY_REVISION.schemaKeywords.has(keyword)) {
      report(
        'unsupported-keyword',
        keywordKey,
        `${capitalize(schemaTitle())} has ${quote(keyword)}, which MCP's elicitation schema does not allow; it allows only ${listOf(ANY_REVISION.schemaKeywords)}.`,
      );
      continue;
    }
    const lacking = context.revisions.filter((revision) => !revision.schemaKeywords.has(keyword));
    if (lacking.length) {
      report(
        'revision-mismatch',
        keywordKey,
        `${capitalize(schemaTitle())} has ${quote(keyword)}, which MCP ${revisionList(lacking)} does not allow, and the declaration applies to ${context.scopeText()}.`,
      );
    }
  }

  const typeNode = memberOf(schema, 'type');
  if (!typeNode) {
    report('invalid-requested-schema', key, `${capitalize(schemaTitle())} has no type; it must be "type": "object".`);
  } else if (stringOf(typeNode) !== 'object') {
    report(
      'invalid-requested-schema',
      typeNode,
      `${capitalize(schemaTitle())} must have type 'object', not ${describeNode(typeNode)}.`,
    );
  }

  const propertiesNode = memberOf(schema, 'properties');
  const declared = new Set<string>();
  if (!propertiesNode) {
    report(
      'invalid-requested-schema',
      key,
      `${capitalize(schemaTitle())} has no properties; MCP requires a 'properties' object (it may be empty).`,
    );
  } else if (propertiesNode.type !== 'object') {
    report(
      'invalid-requested-schema',
      propertiesNode,
      `The properties of ${schemaTitle()} must be an object, not ${describeNode(propertiesNode)}.`,
    );
  } else {
    for (const [name, property] of effectiveProperties(propertiesNode)) {
      declared.add(name);
      checkProperty(name, property, context);
    }
  }

  const requiredNode = memberOf(schema, 'required');
  if (!requiredNode) return;
  if (requiredNode.type !== 'array') {
    report(
      'invalid-requested-schema',
      requiredNode,
      `The required of ${schemaTitle()} must be an array of property names, not ${describeNode(requiredNode)}.`,
    );
    return;
  }
  for (const entry of requiredNode.items) {
    const name = stringOf(entry);
    if (name === undefined) {
      report(
        'invalid-requested-schema',
        entry,
        `The required of ${schemaTitle()} must list property names (strings), not ${describeNode(entry)}.`,
      );
    } else if (propertiesNode?.type === 'object' && !declared.has(name)) {
      report(
        'unknown-required',
        entry,
        `${capitalize(schemaTitle())} requires ${quote(name)}, but has no property of that name (${declaredNames(declared)}).`,
        entry,
      );
    }
  }
}

function checkProperty(name: string, property: MemberNode, context: SchemaContext): void {
  const { report } = context;
  const key = keyNodeOf(property)!;
  const schema = property.value;
  const which = (): string => `Property ${quote(name)} of ${context.schemaTitle()}`;
  if (schema.type !== 'object') {
    report(
      'invalid-property-schema',
      schema,
      `${which()} must be a primitive property schema (an object with a type), not ${describeNode(schema)}.`,
    );
    return;
  }
  const form = formOf(schema, key, which, report);
  if (!form) return;
  const formNode = form === 'titledEnum' ? keyNodeOf(findProperty(schema, 'oneOf'))! : memberOf(schema, 'type')!;
  checkVocabulary(schema, form, formNode, which, context);
  checkValues(schema, form, which, report);
}

/** Which of MCP's property forms the schema is, or undefined (reported) when it is none of them. */
function formOf(schema: SyntaxNode, key: SyntaxNode, which: Which, report: Report): PropertyForm | undefined {
  const typeNode = memberOf(schema, 'type');
  if (!typeNode) {
    report(
      'invalid-property-schema',
      key,
      `${which()} has no type; it must be 'string', 'number', 'integer', 'boolean' or 'array' (a multi-select enum).`,
    );
    return undefined;
  }
  const type = stringOf(typeNode);
  switch (type) {
    case 'string':
      return memberOf(schema, 'enum') ? 'enum' : memberOf(schema, 'oneOf') ? 'titledEnum' : 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'multiSelect';
    case 'object':
      report(
        'nested-schema',
        typeNode,
        `${which()} is a nested object; MCP's elicitation schema allows only primitive properties (string, number, integer, boolean, enums).`,
      );
      return undefined;
    default:
      report(
        'invalid-property-schema',
        typeNode,
        `${which()} has type ${describeNode(typeNode)}; it must be 'string', 'number', 'integer', 'boolean' or 'array' (a multi-select enum).`,
      );
      return undefined;
  }
}

function checkVocabulary(
  schema: SyntaxNode,
  form: PropertyForm,
  formNode: SyntaxNode,
  which: Which,
  context: SchemaContext,
): void {
  const allowed = ANY_REVISION.forms[form]!;
  const withoutForm = context.revisions.filter((revision) => !revision.forms[form]);
  if (withoutForm.length) {
    context.report(
      'revision-mismatch',
      formNode,
      `${which()} is ${FORM_WORDS[form]}, which MCP ${revisionList(withoutForm)} does not have, and the declaration applies to ${context.scopeText()}.`,
    );
  }
  for (const [keyword, property] of effectiveProperties(schema)) {
    const keywordKey = keyNodeOf(property)!;
    if (!allowed.has(keyword)) {
      context.report(
        'unsupported-keyword',
        keywordKey,
        `${which()} has ${quote(keyword)}, which MCP's elicitation schema does not allow for ${FORM_WORDS[form]}; allowed: ${listOf(allowed)}.`,
      );
      continue;
    }
    const lacking = context.revisions.filter((revision) => revision.forms[form] && !revision.forms[form]!.has(keyword));
    if (lacking.length) {
      context.report(
        'revision-mismatch',
        keywordKey,
        `${which()} has ${quote(keyword)}, which MCP ${revisionList(lacking)} does not allow for ${FORM_WORDS[form]}, and the declaration applies to ${context.scopeText()}.`,
      );
    }
  }
}

/** Values of the known keywords: their types, the choices, the defaults, the bounds. */
function checkValues(schema: SyntaxNode, form: PropertyForm, which: Which, report: Report): void {
  for (const keyword of ['title', 'description']) {
    const node = memberOf(schema, keyword);
    if (node && node.type !== 'string')
      report('invalid-property-schema', node, `${which()} has ${quote(keyword)} ${describeNode(node)}; it must be a string.`);
  }
  const count = (keyword: string) => countOf(schema, keyword, which, report);
  const number = (keyword: string) => numberOf(schema, keyword, which, report);
  const format = memberOf(schema, 'format');
  if (format && form === 'string') {
    const name = stringOf(format);
    if (name === undefined || !STRING_FORMATS.includes(name)) {
      report(
        'unsupported-format',
        format,
        `${which()} has format ${describeNode(format)}; MCP's elicitation schema allows only ${listOf(STRING_FORMATS)}.`,
      );
    }
  }
  checkBounds(memberOf(schema, 'minLength'), count('minLength'), count('maxLength'), 'minLength', 'maxLength', which, report);
  checkBounds(memberOf(schema, 'minimum'), number('minimum'), number('maximum'), 'minimum', 'maximum', which, report);
  checkBounds(memberOf(schema, 'minItems'), count('minItems'), count('maxItems'), 'minItems', 'maxItems', which, report);

  const choices = choicesOf(schema, form, which, report);
  if (form === 'enum') checkEnumNames(schema, choices, which, report);
  const defaultNode = memberOf(schema, 'default');
  if (defaultNode) checkDefault(defaultNode, schema, form, choices, which, report);
}

/** A count keyword's value when it is a non-negative integer (reported otherwise). */
function countOf(schema: SyntaxNode, keyword: string, which: Which, report: Report): number | undefined {
  const node = memberOf(schema, keyword);
  if (!node) return undefined;
  if (node.type === 'number' && Number.isInteger(node.value) && (node.value as number) >= 0) return node.value as number;
  report(
    'invalid-property-schema',
    node,
    `${which()} has ${quote(keyword)} ${describeNode(node)}; it must be a non-negative integer.`,
  );
  return undefined;
}

function numberOf(schema: SyntaxNode, keyword: string, which: Which, report: Report): number | undefined {
  const node = memberOf(schema, keyword);
  if (!node) return undefined;
  if (node.type === 'number') return node.value as number;
  report('invalid-property-schema', node, `${which()} has ${quote(keyword)} ${describeNode(node)}; it must be a number.`);
  return undefined;
}

function checkBounds(
  lowNode: SyntaxNode | undefined,
  low: number | undefined,
  high: number | undefined,
  lowWord: string,
  highWord: string,
  which: Which,
  report: Report,
): void {
  if (lowNode && low !== undefined && high !== undefined && low > high) {
    report(
      'invalid-bounds',
      lowNode,
      `${which()} has ${lowWord} ${low} above its ${highWord} ${high}; no value can satisfy both.`,
    );
  }
}

/** The values a user may choose, for the enum forms (undefined when they cannot be read; reported). */
function choicesOf(schema: SyntaxNode, form: PropertyForm, which: Which, report: Report): string[] | undefined {
  const of = (): string => `of ${lowerFirst(which())}`;
  if (form === 'enum') return stringChoices(memberOf(schema, 'enum')!, () => `The enum ${of()}`, report);
  if (form === 'titledEnum') return titledChoices(memberOf(schema, 'oneOf')!, () => `the oneOf ${of()}`, report);
  if (form !== 'multiSelect') return undefined;
  const items = memberOf(schema, 'items');
  if (!items) {
    report(
      'invalid-property-schema',
      memberOf(schema, 'type')!,
      `${which()} is an array without items; a multi-select enum needs items {"type": "string", "enum": [...]} or {"anyOf": [{"const", "title"}, ...]}.`,
    );
    return undefined;
  }
  if (items.type !== 'object') {
    report(
      'invalid-property-schema',
      items,
      `${which()} has items ${describeNode(items)}; a multi-select enum needs items {"type": "string", "enum": [...]} or {"anyOf": [{"const", "title"}, ...]}.`,
    );
    return undefined;
  }
  const anyOf = memberOf(items, 'anyOf');
  const allowed = anyOf ? ['anyOf'] : ['type', 'enum'];
  for (const [keyword, property] of effectiveProperties(items)) {
    if (!allowed.includes(keyword)) {
      report(
        'unsupported-keyword',
        keyNodeOf(property)!,
        `The items ${of()} have ${quote(keyword)}; multi-select items allow only ${listOf(allowed)}.`,
      );
    }
  }
  if (anyOf) return titledChoices(anyOf, () => `the items.anyOf ${of()}`, report);
  const itemType = memberOf(items, 'type');
  const itemEnum = memberOf(items, 'enum');
  if (stringOf(itemType) !== 'string' || !itemEnum) {
    report(
      'nested-schema',
      itemType ?? keyNodeOf(findProperty(schema, 'items'))!,
      `${which()} is an array of ${itemType ? describeNode(itemType) : 'untyped'} items; MCP's elicitation schema allows arrays only as multi-select enums (items {"type": "string", "enum": [...]} or {"anyOf": [...]}).`,
    );
    return undefined;
  }
  return stringChoices(itemEnum, () => `The items.enum ${of()}`, report);
}

function stringChoices(node: SyntaxNode, what: Which, report: Report): string[] | undefined {
  if (node.type !== 'array' || !node.items.length) {
    report(
      'invalid-property-schema',
      node,
      `${capitalize(what())} must be a non-empty array of strings, not ${node.type === 'array' ? 'an empty array' : describeNode(node)}.`,
    );
    return undefined;
  }
  const choices: string[] = [];
  let ok = true;
  for (const element of node.items) {
    const choice = stringOf(element);
    if (choice === undefined) {
      report('invalid-property-schema', element, `${capitalize(what())} must hold strings only, not ${describeNode(element)}.`);
      ok = false;
    } else {
      choices.push(choice);
    }
  }
  return ok ? choices : undefined;
}

function titledChoices(node: SyntaxNode, what: Which, report: Report): string[] | undefined {
  if (node.type !== 'array' || !node.items.length) {
    report(
      'invalid-property-schema',
      node,
      `${capitalize(what())} must be a non-empty array of {"const": value, "title": label} options, not ${node.type === 'array' ? 'an empty array' : describeNode(node)}.`,
    );
    return undefined;
  }
  const choices: string[] = [];
  let ok = true;
  for (const option of node.items) {
    const value = stringOf(memberOf(option, 'const'));
    const title = stringOf(memberOf(option, 'title'));
    const extra =
      option.type === 'object'
        ? [...effectiveProperties(option)].find(([keyword]) => keyword !== 'const' && keyword !== 'title')
        : undefined;
    if (extra) {
      report(
        'unsupported-keyword',
        keyNodeOf(extra[1])!,
        `An option of ${lowerFirst(what())} has ${quote(extra[0])}; an option allows only 'const' and 'title'.`,
      );
    }
    if (value === undefined || title === undefined) {
      report(
        'invalid-property-schema',
        option,
        `Every option of ${lowerFirst(what())} must be {"const": a string, "title": a string}, not ${describeOption(option)}.`,
      );
      ok = false;
    } else {
      choices.push(value);
    }
  }
  return ok ? choices : undefined;
}

function describeOption(option: SyntaxNode): string {
  if (option.type !== 'object') return describeNode(option);
  const missing = ['const', 'title'].filter((keyword) => stringOf(memberOf(option, keyword)) === undefined);
  return `an option whose ${missing.map(quote).join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing or not a string`;
}

function checkEnumNames(schema: SyntaxNode, choices: string[] | undefined, which: Which, report: Report): void {
  const names = memberOf(schema, 'enumNames');
  if (!names) return;
  const labels = stringChoices(names, () => `The enumNames of ${lowerFirst(which())}`, report);
  if (!labels || !choices || labels.length === choices.length) return;
  report(
    'enum-names-mismatch',
    names,
    `${which()} has ${labels.length} enumName${labels.length === 1 ? '' : 's'} for ${choices.length} enum value${choices.length === 1 ? '' : 's'}; it needs exactly one display name per value.`,
  );
}

function checkDefault(
  node: SyntaxNode,
  schema: SyntaxNode,
  form: PropertyForm,
  choices: string[] | undefined,
  which: Which,
  report: Report,
): void {
  const wrongType = (expected: string) =>
    report('invalid-default', node, `${which()} has default ${describeNode(node)}; it must be ${expected}.`);
  switch (form) {
    case 'string':
      if (node.type !== 'string') wrongType('a string');
      return;
    case 'number':
      if (node.type !== 'number') wrongType(stringOf(memberOf(schema, 'type')) === 'integer' ? 'an integer' : 'a number');
      else if (stringOf(memberOf(schema, 'type')) === 'integer' && !Number.isInteger(node.value)) wrongType('an integer');
      return;
    case 'boolean':
      if (node.type !== 'boolean') wrongType('true or false');
      return;
    case 'enum':
    case 'titledEnum': {
      const value = stringOf(node);
      if (value === undefined) wrongType(`one of its choices (${choiceList(choices)})`);
      else if (choices && !choices.includes(value)) {
        report(
          'invalid-default',
          node,
          `${which()} has default ${quote(value)}, which is not one of its choices (${choiceList(choices)}).`,
        );
      }
      return;
    }
    case 'multiSelect': {
      if (node.type !== 'array') {
        wrongType(`an array of its choices (${choiceList(choices)})`);
        return;
      }
      for (const element of node.items) {
        const value = stringOf(element);
        if (value === undefined) {
          report(
            'invalid-default',
            element,
            `${which()} has default entry ${describeNode(element)}; every entry must be one of its choices (${choiceList(choices)}).`,
          );
        } else if (choices && !choices.includes(value)) {
          report(
            'invalid-default',
            element,
            `${which()} has default entry ${quote(value)}, which is not one of its choices (${choiceList(choices)}).`,
          );
        }
      }
    }
  }
}

function findProperty(object: SyntaxNode, key: string): SyntaxNode | undefined {
  return effectiveProperties(object).get(key);
}

const MAX_LISTED = 20;

function choiceList(choices: readonly string[] | undefined): string {
  return choices ? listOf(choices) : 'none readable';
}

function listOf(items: Iterable<string>): string {
  const all = [...items];
  const listed = all.slice(0, MAX_LISTED).map(quote).join(', ');
  return all.length > MAX_LISTED ? `${listed} and ${all.length - MAX_LISTED} more` : listed;
}

function declaredNames(declared: ReadonlySet<string>): string {
  return declared.size === 0 ? 'it has none' : `it has ${listOf(declared)}`;
}

export function revisionList(revisions: readonly RevisionVocabulary[]): string {
  return revisions.map((revision) => revision.revision).join(' and ');
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
