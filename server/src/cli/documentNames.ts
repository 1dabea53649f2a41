// What a file's name alone says: whether it is an mcpdesc document by name, whether its content is
// worth sniffing, and which syntax the checker should parse it with.
import type { DocumentFormat } from '../checker';

const MCPDESC_NAME = /\.mcpdesc\.(json|jsonc|yaml|yml)$/i;
const SNIFFABLE_EXTENSION = /\.(json|jsonc|yaml|yml)$/i;
const YAML_EXTENSION = /\.(yaml|yml)$/i;

export function hasMcpdescName(filePath: string): boolean {
  return MCPDESC_NAME.test(filePath);
}

/** JSON and YAML files may be mcpdesc documents by their root `mcpdesc` member. */
export function isSniffable(filePath: string): boolean {
  return SNIFFABLE_EXTENSION.test(filePath);
}

export function documentFormatOf(filePath: string): DocumentFormat {
  return YAML_EXTENSION.test(filePath) ? 'yaml' : 'json';
}
