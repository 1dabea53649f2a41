// YAML 1.1 merge keys (`<<: *base`) as the `yaml` package reads them, applied once a mapping's
// properties are built: the one meaning both YAML readers give a merge (the CST reader of the
// checker and the composed reference of the tests).
import { BuiltProperty, type BuiltObject, type MergePairSpan, type PropertyNode, type ValueNode } from '../treeNodes';
import type { YamlAliases } from './yamlAliases';
import type { YamlSyntaxError } from './yamlSyntaxError';

export interface PendingMerge {
  /** How many explicit properties precede the `<<` pair. */
  index: number;
  source: ValueNode;
  pair: MergePairSpan;
}

/**
 * The properties with each `<<` source's members inserted where the `<<` pair stood, leaving out
 * the members the mapping sets itself or an earlier source already gave (YAML 1.1 merge, as `yaml`
 * does it), so "the last duplicate wins" readers see the merged meaning.
 */
export function mergedProperties(
  object: BuiltObject,
  explicit: PropertyNode[],
  merges: PendingMerge[],
  aliases: YamlAliases,
  errors: YamlSyntaxError[],
): PropertyNode[] {
  const taken = new Set<string>();
  for (const property of explicit) taken.add(property.key.value);
  const result: PropertyNode[] = [];
  let next = 0;
  for (const merge of merges) {
    while (next < merge.index) result.push(explicit[next++]);
    const sources = merge.source.type === 'array' ? merge.source.items : [merge.source];
    for (const source of sources) {
      if (source.type !== 'object') {
        if (source.type !== 'null' || source.length > 0) {
          errors.push({
            offset: source.offset,
            length: source.length,
            message: 'Merge sources must be mappings or aliases of mappings',
            code: 'BAD_MERGE_SOURCE',
          });
        }
        continue;
      }
      const members = new Map<string, PropertyNode>();
      for (const property of source.properties) members.set(property.key.value, property);
      for (const key of members.keys()) merge.pair.keys.push(key);
      // A shared source's properties are its anchor's own: they get a property node of the merging mapping's.
      const isShared = source.origin?.type === 'object' && source.properties === source.origin.properties;
      for (const [name, property] of members) {
        if (taken.has(name)) continue;
        taken.add(name);
        if (isShared) {
          result.push(mergedMember(property, source, object, aliases));
        } else {
          property.parent = object;
          result.push(property);
        }
      }
    }
  }
  while (next < explicit.length) result.push(explicit[next++]);
  return result;
}

/** A member of a shared merge source as a member of `object`: its key copied, its value shared. */
function mergedMember(property: PropertyNode, source: ValueNode, object: BuiltObject, aliases: YamlAliases): BuiltProperty {
  const member = new BuiltProperty(aliases.copyKey(property.key, source.offset, source.length), source.offset, object, undefined);
  member.key.parent = member;
  member.length = source.length;
  member.origin = property.origin ?? property;
  member.value = property.value;
  return member;
}
