// Comparing a node with a value without building the node's value first: every elicitation step
// usually repeats its declaration's schema, and the check must cost little more than the parse.
import { effectiveProperties, knownValueOf, valueOf, type JsonValue, type SyntaxNode } from './tree';

/**
 * Whether the node holds exactly `value`, member order included (so a validator compiled for
 * `value` reports errors in the same order it would for the node's own value).
 */
export function holdsIdentical(node: SyntaxNode, value: JsonValue): boolean {
  if (isValueOf(node, value)) return true;
  switch (node.type) {
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
      const properties = node.properties;
      const keys = Object.keys(value);
      // Duplicate or incomplete members only ever add properties: with fewer, the values differ (and
      // stringifying a large declared schema for every step that differs from it would be quadratic).
      if (properties.length < keys.length) return false;
      if (properties.length !== keys.length) {
        // Duplicate or incomplete members: their value is what JSON.parse would keep.
        return JSON.stringify(valueOf(node)) === JSON.stringify(value);
      }
      for (let i = 0; i < properties.length; i++) {
        const { key: keyNode, value: valueNode } = properties[i];
        if (!valueNode || keyNode.value !== keys[i] || !holdsIdentical(valueNode, value[keys[i]])) return false;
      }
      return true;
    }
    case 'array': {
      const items = node.items;
      if (!Array.isArray(value) || value.length !== items.length) return false;
      return items.every((item, index) => holdsIdentical(item, value[index]));
    }
    case 'null':
      return value === null;
    default:
      return node.value === value;
  }
}

/**
 * Whether the node holds the same JSON value as `value`, member order aside and, with
 * `unorderedRequired`, the order of `required` arrays aside too (the rule's schema equality).
 */
export function holdsEqual(node: SyntaxNode, value: JsonValue, unorderedRequired: boolean, key?: string): boolean {
  if (isValueOf(node, value)) return true;
  switch (node.type) {
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
      const members = effectiveProperties(node);
      if (members.size !== Object.keys(value).length) return false;
      for (const [name, property] of members) {
        if (
          !Object.prototype.hasOwnProperty.call(value, name) ||
          !holdsEqual(property.value, value[name], unorderedRequired, name)
        ) {
          return false;
        }
      }
      return true;
    }
    case 'array': {
      const items = node.items;
      if (!Array.isArray(value) || value.length !== items.length) return false;
      if (unorderedRequired && key === 'required') {
        // Compared as multisets: each element of the node is matched with an unused equal element.
        const unused = [...value];
        return items.every((item) => {
          const index = unused.findIndex((candidate) => holdsEqual(item, candidate, unorderedRequired));
          if (index < 0) return false;
          unused.splice(index, 1);
          return true;
        });
      }
      return items.every((item, index) => holdsEqual(item, value[index], unorderedRequired));
    }
    case 'null':
      return value === null;
    default:
      return node.value === value;
  }
}

/**
 * Whether `value` is the very object valueOf built for `node`: a YAML alias and its anchor are one
 * node, so a step whose `requestedSchema: *schema` names its declaration's schema is equal to it at
 * once, however large the schema.
 */
function isValueOf(node: SyntaxNode, value: JsonValue): boolean {
  return value !== null && typeof value === 'object' && knownValueOf(node) === value;
}
