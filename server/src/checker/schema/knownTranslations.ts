// The RE2 form of a pattern (ecmaToRe2.ts), written at build time for the patterns the product
// ships (build/generated/re2Translations.ts: the format schema's and ajv-formats' expressions), so
// that a run checking a small document does not parse them with regexpp first: their translation
// was most of what RE2 cost such a run. Any other pattern is translated here, as before. The table
// is held to the run-time translation entry by entry (test/checker/knownTranslations.test.ts).
import { RE2_TRANSLATIONS } from '../../../../build/generated/re2Translations';
import { ecmaToRe2 } from './ecmaToRe2';

let known: ReadonlyMap<string, string> | undefined;

/** ecmaToRe2(pattern, flags), from the build's table where the pattern is in it. */
export function translatedToRe2(pattern: string, flags: string): string {
  known ??= new Map(RE2_TRANSLATIONS.map(([source, sourceFlags, translation]) => [`${sourceFlags}/${source}`, translation]));
  return known.get(`${flags}/${pattern}`) ?? ecmaToRe2(pattern, flags);
}
