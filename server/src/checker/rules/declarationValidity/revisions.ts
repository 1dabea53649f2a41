// MCP's elicitation vocabulary per protocol revision, read from MCP's own schema
// (schema/<revision>/schema.ts: ElicitRequest*Params, PrimitiveSchemaDefinition and the enum
// schema forms). 2025-06-18 introduced elicitation (form mode only, no string, number or enum
// defaults, no titled or multi-select enums); 2025-11-25 added url mode, `$schema`, defaults and
// the titled and multi-select enum forms; 2026-07-28 keeps that vocabulary (only the wire
// mechanism changed). Earlier revisions have no elicitation; MCP Description gives them its legacy
// treatment, so they add no revision-specific constraint here.

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

const REVISION_2025_06_18: RevisionVocabulary = {
  revision: '2025-06-18',
  urlMode: false,
  schemaKeywords: set('type', 'properties', 'required'),
  forms: {
    string: set(...COMMON, 'minLength', 'maxLength', 'format'),
    number: set(...COMMON, 'minimum', 'maximum'),
    boolean: set(...COMMON, 'default'),
    enum: set(...COMMON, 'enum', 'enumNames'),
  },
};

const FORMS_SINCE_2025_11_25: RevisionVocabulary['forms'] = {
  string: set(...COMMON, 'minLength', 'maxLength', 'format', 'default'),
  number: set(...COMMON, 'minimum', 'maximum', 'default'),
  boolean: set(...COMMON, 'default'),
  // UntitledSingleSelectEnumSchema and LegacyTitledEnumSchema (enumNames).
  enum: set(...COMMON, 'enum', 'enumNames', 'default'),
  titledEnum: set(...COMMON, 'oneOf', 'default'),
  multiSelect: set(...COMMON, 'minItems', 'maxItems', 'items', 'default'),
};

const REVISION_2025_11_25: RevisionVocabulary = {
  revision: '2025-11-25',
  urlMode: true,
  schemaKeywords: set('$schema', 'type', 'properties', 'required'),
  forms: FORMS_SINCE_2025_11_25,
};

const REVISION_2026_07_28: RevisionVocabulary = { ...REVISION_2025_11_25, revision: '2026-07-28' };

/** The revisions with complete elicitation semantics, oldest first. */
export const CHECKED_REVISIONS: readonly RevisionVocabulary[] = [REVISION_2025_06_18, REVISION_2025_11_25, REVISION_2026_07_28];

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
