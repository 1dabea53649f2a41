// The one cache of compiled schemas every check of this process shares (requested schemas, tool
// schemas of examples): a schema is compiled once, whichever rule meets it first.
import { SchemaValidatorCache } from './schemaValidator';

export const schemaCache = new SchemaValidatorCache();
