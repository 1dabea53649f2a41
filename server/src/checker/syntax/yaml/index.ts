// The YAML adapter: YAML text to the same position-annotated tree the checks walk for JSON.
export { parseYamlDocuments, DEFAULT_ALIAS_EXPANSION_LIMIT } from './parseYamlDocuments';
export type { ParsedYaml, YamlDocument, YamlParseOptions } from './parseYamlDocuments';
export type { YamlSyntaxError } from './yamlSyntaxError';
export { isYamlMcpdescRoot, isYamlMcpdescText } from './yamlMcpdescSniff';
export { isAliasCopy, definitionOf } from './yamlTreeNode';
export { YamlEditor } from './yamlEditor';
