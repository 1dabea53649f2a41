// MCP's elicitation vocabulary per protocol revision, read from MCP's own schema
// (schema/<revision>/schema.ts: ElicitRequest*Params, PrimitiveSchemaDefinition and the enum
// schema forms): the keywords of each form here, and which revision has url mode, `$schema`,
// defaults and the titled and multi-select enum forms in the revision table (mcp/revisions.ts).
// Revisions without elicitation get MCP Description's legacy treatment, so they add no
// revision-specific constraint here.
import { MCP, type McpFeature } from '../../mcp/revisions';

/** The kinds of property schema a form may hold, as MCP's schema names them. */
export type PropertyForm = 'string' | 'number' | 'boolean' | 'enum' | 'titledEnum' | 'multiSelect';

export interface RevisionVocabulary {
  revision: string;
  urlMode: boolean;
  /** Keywords of the requestedSchema object itself. */
  schemaKeywords: ReadonlySet<string>;
  /** Keywords of each property form; a form the revision lacks is absent. */
  forms: Readonly<Partial<Record<PropertyForm, ReadonlySet<string>>>>;
}

const COMMON = ['type', 'title', 'description'];
const set = (...keywords: string[]): ReadonlySet<string> => new Set(keywords);

/** The vocabulary of `revision`, one of those with elicitation, as the revision table describes it. */
function vocabularyOf(revision: string): RevisionVocabulary {
  const has = (feature: McpFeature) => MCP.has(revision, feature);
  // `default` comes last, after a form's own keywords, where the revision allows it.
  const withDefault = (keywords: readonly string[]) => set(...keywords, ...(has('elicitation.form.defaults') ? ['default'] : []));
  const forms: { -readonly [form in PropertyForm]?: ReadonlySet<string> } = {
    string: withDefault([...COMMON, 'minLength', 'maxLength', 'format']),
    number: withDefault([...COMMON, 'minimum', 'maximum']),
    boolean: set(...COMMON, 'default'),
    // UntitledSingleSelectEnumSchema and LegacyTitledEnumSchema (enumNames).
    enum: withDefault([...COMMON, 'enum', 'enumNames']),
  };
  if (has('elicitation.form.titled-enums')) forms.titledEnum = withDefault([...COMMON, 'oneOf']);
  if (has('elicitation.form.multi-select')) forms.multiSelect = withDefault([...COMMON, 'minItems', 'maxItems', 'items']);
  return {
    revision,
    urlMode: has('elicitation.url'),
    schemaKeywords: set(...(has('elicitation.form.schema-keyword') ? ['$schema'] : []), 'type', 'properties', 'required'),
    forms,
  };
}

/** The revisions with complete elicitation semantics, oldest first. */
export const CHECKED_REVISIONS: readonly RevisionVocabulary[] = MCP.revisionsWith('elicitation').map(vocabularyOf);

/** Every keyword some checked revision allows: the structural vocabulary, whatever the scope. */
export const ANY_REVISION: Omit<RevisionVocabulary, 'revision' | 'urlMode'> = {
  schemaKeywords: union(CHECKED_REVISIONS.map((revision) => revision.schemaKeywords)),
  forms: Object.fromEntries(
    (['string', 'number', 'boolean', 'enum', 'titledEnum', 'multiSelect'] as const).map((form) => [
      form,
      union(CHECKED_REVISIONS.map((revision) => revision.forms[form]).filter((keywords) => keywords !== undefined)),
    ]),
  ),
};

/** String formats, the same in every checked revision. */
export const STRING_FORMATS: readonly string[] = ['email', 'uri', 'date', 'date-time'];

/** The checked revisions among a scope's versions (others add no constraint). */
export function checkedRevisionsIn(scope: readonly string[] | undefined): RevisionVocabulary[] {
  if (!scope) return [];
  return CHECKED_REVISIONS.filter((revision) => scope.includes(revision.revision));
}

function union(sets: ReadonlyArray<ReadonlySet<string>>): ReadonlySet<string> {
  const all = new Set<string>();
  for (const keywords of sets) for (const keyword of keywords) all.add(keyword);
  return all;
}
