// A declaration's `url` is checked for syntax only (MCP Description 0.8.0: never fetched,
// dereferenced or resolved), with ajv-formats' RFC 3986 `uri` check: an absolute URI with a scheme.
import { fullFormats } from 'ajv-formats/dist/formats';

const isUri = fullFormats.uri as (text: string) => boolean;

export function isSyntacticallyValidUri(text: string): boolean {
  return isUri(text);
}
