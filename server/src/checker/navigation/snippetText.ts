// Values written as snippet text (the LSP snippet syntax: `${1:name}` tab stops, `${2|a,b|}`
// choices), in JSON or in YAML block style. A value is plain JSON with tab stops in places of
// strings or keys; everything else is escaped so the editor inserts it literally.

/** A string (or a key) the user fills in: a tab stop with a default text or a choice. */
export class TabStop {
  constructor(
    readonly index: number,
    readonly text: string,
    readonly choices?: readonly string[],
  ) {}
}

/** An object whose keys may be tab stops (a plain object's keys are literal). */
export class Members {
  constructor(readonly entries: ReadonlyArray<readonly [string | TabStop, SnippetValue]>) {}
}

export type SnippetValue =
  null | boolean | number | string | TabStop | Members | SnippetValue[] | { [key: string]: SnippetValue };

/** Snippet syntax reads `$`, `}` and `\` specially; literal text escapes them. */
export function escapeSnippet(text: string): string {
  return text.replace(/[$}\\]/g, '\\$&');
}

function tabStopText(stop: TabStop): string {
  if (stop.choices) return `\${${stop.index}|${stop.choices.map((choice) => choice.replace(/[,|\\$}]/g, '\\$&')).join(',')}|}`;
  return `\${${stop.index}:${escapeSnippet(stop.text)}}`;
}

function entriesOf(value: Members | { [key: string]: SnippetValue }): ReadonlyArray<readonly [string | TabStop, SnippetValue]> {
  return value instanceof Members ? value.entries : Object.entries(value);
}

function isContainer(value: SnippetValue): value is Members | SnippetValue[] | { [key: string]: SnippetValue } {
  return typeof value === 'object' && value !== null && !(value instanceof TabStop);
}

function isEmpty(value: SnippetValue): boolean {
  return Array.isArray(value) ? value.length === 0 : isContainer(value) && entriesOf(value as Members).length === 0;
}

/**
 * JSON whose first line continues the current line; later lines are indented relative to it (the
 * editor adds the current line's indentation when it inserts a snippet).
 */
export function jsonSnippet(value: SnippetValue, unit: string, indent = ''): string {
  if (value instanceof TabStop) return `"${tabStopText(value)}"`;
  if (!isContainer(value)) return escapeSnippet(JSON.stringify(value));
  if (isEmpty(value)) return Array.isArray(value) ? '[]' : '{}';
  const inner = indent + unit;
  if (Array.isArray(value)) {
    if (value.every((element) => !isContainer(element)))
      return `[${value.map((element) => jsonSnippet(element, unit)).join(', ')}]`;
    return `[\n${value.map((element) => inner + jsonSnippet(element, unit, inner)).join(',\n')}\n${indent}]`;
  }
  const lines = entriesOf(value).map(([key, member]) => `${inner}${jsonKey(key)}: ${jsonSnippet(member, unit, inner)}`);
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

/** One member, `"key": value`, whose first line continues the current line (the braces are the object's). */
export function jsonMemberSnippet(key: string | TabStop, value: SnippetValue, unit: string): string {
  return `${jsonKey(key)}: ${jsonSnippet(value, unit)}`;
}

function jsonKey(key: string | TabStop): string {
  return key instanceof TabStop ? `"${tabStopText(key)}"` : escapeSnippet(JSON.stringify(key));
}

const YAML_PLAIN = /^[A-Za-z_/][A-Za-z0-9_ .\-/?]*$/;
const YAML_NON_STRINGS = /^(?:null|true|false|yes|no|on|off|y|n|~)$/i;

function yamlString(text: string): string {
  const plain = YAML_PLAIN.test(text) && !text.endsWith(' ') && !YAML_NON_STRINGS.test(text);
  return escapeSnippet(plain ? text : JSON.stringify(text));
}

function yamlScalar(value: SnippetValue): string {
  if (value instanceof TabStop) return tabStopText(value);
  if (typeof value === 'string') return yamlString(value);
  if (Array.isArray(value) || isContainer(value)) return jsonSnippet(value, '', '').replace(/\n\s*/g, ' ');
  return escapeSnippet(JSON.stringify(value));
}

function yamlKey(key: string | TabStop): string {
  return key instanceof TabStop ? tabStopText(key) : yamlString(key);
}

/** A block mapping whose first member continues the current line; later lines get `indent`. */
export function yamlMappingSnippet(value: Members | { [key: string]: SnippetValue }, unit: string, indent: string): string {
  return entriesOf(value)
    .map(
      ([key, member], index) => `${index === 0 ? '' : `\n${indent}`}${yamlKey(key)}:${yamlMember(member, unit, indent + unit)}`,
    )
    .join('');
}

/** What follows `key:` — a scalar on the same line, or a nested block on the next lines. */
function yamlMember(value: SnippetValue, unit: string, indent: string): string {
  if (!isContainer(value) || isEmpty(value)) return ` ${yamlScalar(value)}`;
  if (Array.isArray(value)) {
    if (value.every((element) => !isContainer(element))) return ` [${value.map(yamlScalar).join(', ')}]`;
    return value
      .map(
        (element) =>
          `\n${indent}- ${isContainer(element) && !Array.isArray(element) && !isEmpty(element) ? yamlMappingSnippet(element, unit, `${indent}  `) : yamlScalar(element)}`,
      )
      .join('');
  }
  return `\n${indent}${yamlMappingSnippet(value, unit, indent)}`;
}
