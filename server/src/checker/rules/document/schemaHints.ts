// What the schema rule's findings people meet most say beyond the schema's words, and what their
// fixes need (fixes/schemaFixes.ts): for a member the format does not define there, the defined
// names nearest it ("did you mean …?") or, for a member 0.8.0 moved (identity/memberMoves.ts),
// where it went; for a missing required member, a placeholder value the schema accepts; for a value
// outside an enum, the allowed values nearest it. The schema is read as navigation reads it
// (schema/formatSchema.ts: each `if` judged on the nodes written), so the names are the ones
// completion offers at that place.
import type { ErrorObject } from 'ajv';
import {
  itemSchemas,
  kindOf,
  memberSchemas,
  membersOf,
  schemasAtPointer,
  valuesOf,
  type PlacedSchema,
} from '../../schema/formatSchema';
import { MCP } from '../../mcp/revisions';
import { nodeAtPointer, scalarOf, type JsonValue, type SyntaxNode } from '../../syntax/tree';
import { closestNames } from '../editDistance';
import { moveAt } from '../identity/memberMoves';

export type SchemaHint =
  /** An unknown member: the defined names nearest it, nearest first. */
  | { kind: 'rename'; names: string[] }
  /** An unknown member 0.8.0 moved elsewhere (memberMoves.ts, by the finding's pointer: a hint is plain data). */
  | { kind: 'move' }
  /** A missing required member and a value the schema accepts for it. */
  | { kind: 'insert'; name: string; value: JsonValue }
  /** A value outside an enum (or a const): the allowed values nearest it, nearest first (`near`), or all of a short list. */
  | { kind: 'change'; values: JsonValue[]; near: boolean };

export interface HintedMessage {
  message: string;
  hint?: SchemaHint;
}

/** At most this many allowed values offered when none is near the one written (a short enum lists them all). */
const FEW_VALUES = 5;
/** How deep a placeholder's required members are filled in. */
const PLACEHOLDER_DEPTH = 4;

/**
 * The hint of one schema finding (`message` as the schema rule words it, `pointer` where it is
 * reported, `root` the document's root). The schema is read along the document's path, not from
 * the error's schema path: a precompiled validator's path is relative to the definition it is in.
 */
export function hintedMessage(error: ErrorObject, message: string, pointer: string, root: SyntaxNode): HintedMessage {
  const params = error.params as Record<string, unknown>;
  const parent = pointer.slice(0, pointer.lastIndexOf('/'));
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const move = moveAt(pointer);
      if (move) {
        const where = move.from.slice(0, -1).join('.');
        return {
          message: `${where} has a member '${name}' that MCP Description 0.8.0 moved to the root: write it as '${move.to}', ${move.describes}.`,
          hint: { kind: 'move' },
        };
      }
      const placed = schemasAtPointer(root, parent);
      const names = placed
        ? closestNames(
            name,
            membersOf(placed).map((member) => member.name),
          )
        : [];
      if (names.length === 0) return { message };
      return {
        message: `${message} Did you mean ${names.map((near) => `'${near}'`).join(' or ')}?`,
        hint: { kind: 'rename', names },
      };
    }
    case 'required': {
      const name = String(params.missingProperty);
      if (error.message === 'one-of' || name.includes(',')) return { message };
      const placed = schemasAtPointer(root, parent);
      const member = placed && memberSchemas(placed, name, undefined);
      // What an example holds is judged against its primitive and the revisions in scope (a
      // template's expansion, a result's resultType): no placeholder stands for it.
      if (!member || member.some(({ owner }) => /example|result/i.test(owner))) return { message };
      const value = placeholder(member, 0);
      return value === undefined ? { message } : { message, hint: { kind: 'insert', name, value } };
    }
    case 'enum':
    case 'const': {
      const allowed =
        (error.keyword === 'enum' ? (params.allowedValues as JsonValue[]) : [params.allowedValue as JsonValue]) ?? [];
      const node = nodeAtPointer(root, pointer);
      const written = node && scalarOf(node);
      const strings = allowed.filter((value): value is string => typeof value === 'string');
      // MCP revisions are dates: one mistyped digit is a typo, more is another date. Nor is their
      // list a short one to pick from: which revisions a document describes is the author's.
      const revisions = strings.length === allowed.length && strings.every((value) => MCP.isKnown(value));
      const near = typeof written === 'string' ? closestNames(written, strings, 3, revisions ? 1 : 3) : [];
      const few = allowed.length <= FEW_VALUES && !revisions;
      const values = near.length > 0 ? near : few ? allowed.filter((value) => value !== written) : [];
      return values.length === 0 ? { message } : { message, hint: { kind: 'change', values, near: near.length > 0 } };
    }
    default:
      return { message };
  }
}

/**
 * A value the schemas accept that says "fill me in": the const or an enum's value (a list of MCP
 * revisions takes the latest, others their first), an object with its required members, a list
 * with the one item it needs at least, 'TODO' for free text. Undefined where no plain value fits (a
 * pattern, a format other than a URI): the author then writes it.
 */
function placeholder(all: readonly PlacedSchema[], depth: number): JsonValue | undefined {
  // Written in place, not as a $componentRef (where nothing is written yet, both variants count).
  const plain = all.filter(({ owner }) => owner !== 'componentRef');
  const placed = plain.length > 0 ? plain : all;
  if (placed.length === 0 || depth > PLACEHOLDER_DEPTH) return undefined;
  const values = valuesOf(placed);
  if (values.length > 0) {
    const revisions = values.every((value) => typeof value === 'string' && MCP.isKnown(value));
    return (revisions ? values[values.length - 1] : values[0]) as JsonValue;
  }
  const schemas = placed.map(({ schema }) => schema);
  switch (kindOf(placed)) {
    case 'object': {
      if (schemas.some((schema) => (schema.minProperties ?? 0) > 0)) return undefined;
      const value: { [key: string]: JsonValue } = {};
      for (const member of membersOf(placed)) {
        if (!member.required) continue;
        const memberValue = placeholder(memberSchemas(placed, member.name, undefined), depth + 1);
        if (memberValue === undefined) return undefined;
        Object.defineProperty(value, member.name, { value: memberValue, enumerable: true, writable: true, configurable: true });
      }
      return value;
    }
    case 'array': {
      const minItems = schemas.reduce((most, schema) => Math.max(most, schema.minItems ?? 0), 0);
      if (minItems === 0) return [];
      const item = placeholder(itemSchemas(placed, undefined), depth + 1);
      return minItems === 1 && item !== undefined ? [item] : undefined;
    }
    case 'string': {
      if (schemas.some((schema) => schema.pattern !== undefined)) return undefined;
      const formats = schemas.map((schema) => schema.format).filter((format) => format !== undefined);
      if (formats.length === 0) return 'TODO';
      return formats.every((format) => format === 'uri') ? 'https://example.com/' : undefined;
    }
    case 'number':
      return schemas.reduce((most, schema) => Math.max(most, schema.minimum ?? 0), 0);
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}
