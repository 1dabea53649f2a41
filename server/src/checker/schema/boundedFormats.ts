// The `format` checks (ajv-formats' full set, the one both validators use) with a bound on their
// cost. ajv-formats' expressions backtrack: its `url` takes seconds on a crafted 100 KB value. So
// every format written as an expression runs on RE2 with that expression's ECMA-262 meaning
// (ecmaToRe2.ts), in linear time; `url`'s one lookaround (it excludes private IPv4 ranges) is
// written out as the addresses it leaves. The few checks that stay native (functions, and the
// expressions no translation covers) are short work on short values and run time-boxed on long ones
// (where the runtime cannot interrupt them, the browser build, not at all on long ones). Every check
// is charged to the document's budget: once it is spent, none starts.
import type Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';
import { RegExpParser } from '@eslint-community/regexpp';
import type { AST } from '@eslint-community/regexpp';
import { RE2JS } from 're2js';
import { NoLinearTranslation } from './ecmaToRe2';
import { translatedToRe2 } from './knownTranslations';
import { rememberingResults } from './patternResults';
import { NATIVE_SHORT_VALUE_CHARS } from './safeRegExp';
import {
  BUDGET_SPENT,
  canInterrupt,
  NotCheckedError,
  outsideBudget,
  runCharged,
  runTimeBoxed,
  TimeLimitError,
} from '../timeBudget';

export interface FormatCheck {
  /** The JSON type the format applies to; other values pass. */
  type: 'string' | 'number';
  validate(value: never): boolean;
  /** Whether it runs in linear time (RE2) rather than natively, time-boxed on long values. */
  linear: boolean;
}

/** Thrown when a format check exceeds its time limit; the value is reported as not checked. */
export class FormatTimeoutError extends TimeLimitError {
  constructor(readonly format: string) {
    super(`the format ${JSON.stringify(format)} check`);
  }
}

type FormatDefinition =
  RegExp | ((value: string) => boolean) | { validate?: RegExp | ((value: never) => boolean); type?: string } | boolean;

/** RE2 steps (value length x program size) below which a run is cheap enough to go unguarded. */
const UNGUARDED_RE2_WORK = 1_000_000;
/** Where work cannot be interrupted, RE2 runs past this many steps are not started (as for patterns, safeRegExp.ts). */
const UNINTERRUPTIBLE_RE2_WORK = 10_000_000;

/**
 * The IPv4 addresses `url` accepts: ajv-formats' dotted quad (first octet 1-223, last 1-254)
 * without 10/8, 127/8, 169.254/16, 192.168/16 and 172.16/12, which it excludes with negative
 * lookaheads. The octets are text: "172.016" is not 172.16 to the lookahead, and not an octet either.
 */
const OCTET = String.raw`(?:1?\d{1,2}|2[0-4]\d|25[0-5])`;
const LAST_OCTET = String.raw`(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4])`;
const PUBLIC_IPV4 = [
  String.raw`(?:[1-9]|1[1-9]|[2-9]\d|1[01]\d|12[0-689]|1[3-5]\d|16[0-8]|17[013-9]|18\d|19[013-9]|2[01]\d|22[0-3])\.${OCTET}`,
  String.raw`169\.(?:\d{1,2}|1\d\d|2[0-4]\d|25[0-35])`,
  String.raw`172\.(?:\d|0\d|1[0-5]|3[2-9]|[4-9]\d|1\d\d|2[0-4]\d|25[0-5])`,
  String.raw`192\.(?:\d{1,2}|1[0-57-9]\d|16[0-79]|2[0-4]\d|25[0-5])`,
]
  .map((firstTwo) => String.raw`${firstTwo}\.${OCTET}\.${LAST_OCTET}`)
  .join('|');

/** `url`'s source with its lookahead-guarded IPv4 alternative replaced by PUBLIC_IPV4. */
function urlWithoutLookaheads(source: string, flags: string): string {
  const ast = new RegExpParser({ ecmaVersion: 2024 }).parsePattern(source, 0, source.length, { unicode: flags.includes('u') });
  const guarded: AST.Alternative[] = [];
  const visit = (alternatives: AST.Alternative[]) => {
    for (const alternative of alternatives) {
      const first = alternative.elements[0];
      if (first?.type === 'Assertion' && first.kind === 'lookahead' && first.negate) guarded.push(alternative);
      for (const element of alternative.elements) {
        if (element.type === 'Group' || element.type === 'CapturingGroup') visit(element.alternatives);
        else if (element.type === 'Quantifier' && (element.element.type === 'Group' || element.element.type === 'CapturingGroup'))
          visit(element.element.alternatives);
      }
    }
  };
  visit(ast.alternatives);
  if (guarded.length !== 1) throw new NoLinearTranslation('url: not the expression this rewrite knows');
  const [alternative] = guarded;
  return `${source.slice(0, alternative.start)}(?:${PUBLIC_IPV4})${source.slice(alternative.end)}`;
}

function linearTest(name: string, expression: RegExp): ((value: string) => boolean) | undefined {
  try {
    const source = name === 'url' ? urlWithoutLookaheads(expression.source, expression.flags) : expression.source;
    const program = RE2JS.compile(translatedToRe2(source, expression.flags));
    const run = rememberingResults((value: string) => program.matcher(value).find());
    // Linear, but a long value under url's large program is still a few hundred milliseconds a megabyte.
    const programSize = program.programSize();
    return guardedTest(
      name,
      run,
      Math.floor(UNGUARDED_RE2_WORK / programSize),
      Math.floor(UNINTERRUPTIBLE_RE2_WORK / programSize),
    );
  } catch (error) {
    if (error instanceof NoLinearTranslation) return undefined;
    throw error;
  }
}

/**
 * `check` charged to the document's budget: timed on values up to `unguardedChars`, time-boxed on
 * longer ones; where the runtime cannot interrupt it, not run on values past `uninterruptibleChars`.
 */
function guardedTest(
  name: string,
  check: (value: string) => boolean,
  unguardedChars = NATIVE_SHORT_VALUE_CHARS,
  uninterruptibleChars = NATIVE_SHORT_VALUE_CHARS,
): (value: string) => boolean {
  return (value) => {
    if (typeof value !== 'string' || value.length <= unguardedChars) return runCharged(() => check(value));
    if (!canInterrupt) {
      if (value.length > uninterruptibleChars) throw new FormatNotRunError(name, value.length);
      return runCharged(() => check(value));
    }
    try {
      return runTimeBoxed(() => check(value), Infinity, `the format ${JSON.stringify(name)} check`);
    } catch (error) {
      if (error instanceof TimeLimitError && error.reason !== BUDGET_SPENT) throw new FormatTimeoutError(name);
      throw error;
    }
  };
}

/** Thrown where a format check could run long on a value and the runtime cannot interrupt it. */
class FormatNotRunError extends NotCheckedError {
  constructor(format: string, length: number) {
    super(
      `the format ${JSON.stringify(format)} check of a value of ${length} characters is not run where a check cannot be interrupted (the browser build)`,
    );
  }
}

/** What a definition checks and the JSON type it applies to, or undefined where it checks nothing. */
function checkOf(
  definition: FormatDefinition,
): { check: RegExp | ((value: never) => boolean); type: FormatCheck['type'] } | undefined {
  if (typeof definition === 'boolean') return undefined; // password, binary: anything goes
  const check = definition instanceof RegExp || typeof definition === 'function' ? definition : definition.validate;
  const type =
    typeof definition === 'object' && !(definition instanceof RegExp) && definition.type === 'number' ? 'number' : 'string';
  return check ? { check, type } : undefined;
}

function boundedCheck(name: string, definition: FormatDefinition): FormatCheck | undefined {
  const { check, type } = checkOf(definition) ?? {};
  if (!check || !type) return undefined;
  if (type === 'number') return { type, validate: check as (value: never) => boolean, linear: true };
  if (check instanceof RegExp) {
    // A /g expression (ajv-formats' `byte`) carries lastIndex between calls; reset it as ajv-formats does.
    const native = (value: string) => {
      check.lastIndex = 0;
      return check.test(value);
    };
    const linear = linearTest(name, check);
    return { type, validate: linear ?? guardedTest(name, native), linear: linear !== undefined };
  }
  return { type, validate: guardedTest(name, check as (value: string) => boolean), linear: false };
}

const checks = new Map<string, FormatCheck | undefined>();

/** The bounded check of format `name`, or undefined for a format that checks nothing (or is unknown). */
export function formatCheck(name: string): FormatCheck | undefined {
  if (!Object.prototype.hasOwnProperty.call(fullFormats, name)) return undefined;
  if (!checks.has(name)) checks.set(name, boundedCheck(name, (fullFormats as Record<string, FormatDefinition>)[name]));
  return checks.get(name);
}

/** A format as ajv.addFormat takes it: a bounded check, or true for a format that checks nothing. */
export type BoundedFormatDefinition =
  true | { type: 'string'; validate: (value: string) => boolean } | { type: 'number'; validate: (value: number) => boolean };

/**
 * Every format ajv-formats defines, bounded, by name, in the shape ajv.addFormat takes. The
 * precompiled validators (formatSchemaAjv.ts) refer to these very objects by name.
 */
export function boundedFormatDefinitions(): Record<string, BoundedFormatDefinition> {
  const definitions: Record<string, BoundedFormatDefinition> = {};
  for (const name of Object.keys(fullFormats)) definitions[name] = boundedFormatDefinition(name);
  return definitions;
}

function boundedFormatDefinition(name: string): BoundedFormatDefinition {
  const check = formatCheck(name);
  if (check === undefined) return true;
  return check.type === 'number'
    ? { type: 'number', validate: check.validate as (value: number) => boolean }
    : { type: 'string', validate: check.validate as (value: string) => boolean };
}

/**
 * boundedFormatDefinition(name) with its check made at its first call: the same shape (whether it
 * checks anything, and which type), known from ajv-formats' definition without compiling anything.
 * The precompiled validators read their schema's formats when they are bound, and a small document
 * checks few of them (email's RE2 program alone cost a fresh process several milliseconds).
 * Made outside the document's budget, as when the validators were bound.
 */
function deferredFormatDefinition(name: string): BoundedFormatDefinition {
  const shape = checkOf((fullFormats as Record<string, FormatDefinition>)[name]);
  if (shape === undefined) return true;
  let made: ((value: never) => boolean) | undefined;
  const validate = (value: never) => (made ??= outsideBudget(() => formatCheck(name)!.validate))(value);
  return shape.type === 'number'
    ? { type: 'number', validate: validate as (value: number) => boolean }
    : { type: 'string', validate: validate as (value: string) => boolean };
}

/**
 * The same definitions, each made when first read and its check when first called: the precompiled
 * validators read only the few formats the format's schema names, and making every one (RE2
 * programs among them) cost a fresh process some 0.2 s of CPU at start-up.
 */
export function lazyBoundedFormatDefinitions(
  make: (name: string) => BoundedFormatDefinition = deferredFormatDefinition,
): Record<string, BoundedFormatDefinition> {
  const definitions: Record<string, BoundedFormatDefinition> = {};
  for (const name of Object.keys(fullFormats)) {
    Object.defineProperty(definitions, name, {
      enumerable: true,
      configurable: true,
      get() {
        const definition = make(name);
        Object.defineProperty(definitions, name, { value: definition, enumerable: true, configurable: false, writable: false });
        return definition;
      },
    });
  }
  return definitions;
}

/**
 * deferredFormatDefinition(name) for the schemas the product ships (their precompiled validators:
 * the format's schema names `uri` and `email`): an expression runs natively on values up to
 * NATIVE_SHORT_VALUE_CHARS, as the expressions RE2 cannot run already do (at most polynomial work on
 * such a value, and ajv-formats' answer itself), and on RE2 past that. A small document's emails
 * then cost a fresh process no RE2 program. Never for a document's own schemas, whose formats keep
 * the bounded checks whatever the length.
 */
function shippedFormatDefinition(name: string): BoundedFormatDefinition {
  const definition = deferredFormatDefinition(name);
  const { check } = checkOf((fullFormats as Record<string, FormatDefinition>)[name]) ?? {};
  if (definition === true || definition.type !== 'string' || !(check instanceof RegExp)) return definition;
  const bounded = definition.validate;
  const native = (value: string) => {
    check.lastIndex = 0;
    return check.test(value);
  };
  return {
    type: 'string',
    validate: (value) =>
      typeof value === 'string' && value.length <= NATIVE_SHORT_VALUE_CHARS ? runCharged(() => native(value)) : bounded(value),
  };
}

/** The formats of the precompiled validators of the schemas the product ships (formatSchemaAjv.ts' runtime). */
export function shippedSchemaFormatDefinitions(): Record<string, BoundedFormatDefinition> {
  return lazyBoundedFormatDefinitions(shippedFormatDefinition);
}

/** ajv-formats' formats on `ajv`, each then replaced by its bounded check: every validator's formats. */
export function addBoundedFormats(ajv: Ajv, definitions = lazyBoundedFormatDefinitions()): void {
  addFormats(ajv);
  // What ajv.addFormat does (`formats[name] = format`), with each definition read when a schema
  // first names its format: an instance made for a document's schema (with its RE2 programs for
  // every format) cost 0.17 s of CPU, most of it for formats no schema of the document names.
  for (const name of Object.keys(definitions)) {
    Object.defineProperty(ajv.formats, name, {
      enumerable: true,
      configurable: true,
      get: () => definitions[name],
    });
  }
}
