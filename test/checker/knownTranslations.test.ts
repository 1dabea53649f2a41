// The RE2 forms the build writes (build/generated/re2Translations.ts) held to the run-time
// translation (ecmaToRe2), entry by entry: a run that reads the table compiles the very programs a
// run translating at start-up compiled.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fullFormats } from 'ajv-formats/dist/formats';
import { RE2_TRANSLATIONS } from '../../build/generated/re2Translations';
import { ecmaToRe2 } from '../../server/src/checker/schema/ecmaToRe2';
import { translatedToRe2 } from '../../server/src/checker/schema/knownTranslations';

describe("the build's RE2 translations", () => {
  it('equal the run-time translation, entry by entry', () => {
    for (const [pattern, flags, translation] of RE2_TRANSLATIONS) {
      assert.equal(translation, ecmaToRe2(pattern, flags), `/${pattern}/${flags}`);
      assert.equal(translatedToRe2(pattern, flags), translation);
    }
  });

  it("hold the format schema's patterns and ajv-formats' email", () => {
    const keys = new Set(RE2_TRANSLATIONS.map(([pattern, flags]) => `${flags}/${pattern}`));
    for (const pattern of ['^x-', '^[A-Za-z0-9._-]+$', '^#/components/[A-Za-z]+/[A-Za-z0-9._-]+$'])
      assert.ok(keys.has(`u/${pattern}`), pattern);
    const email = fullFormats.email as RegExp;
    assert.ok(keys.has(`${email.flags}/${email.source}`));
    // Patterns whose translation reads the engine's Unicode tables are left to run time.
    assert.ok([...keys].every((key) => !/\\[pP]\{/.test(key)));
  });

  it('translates any other pattern at run time, and a pattern read with other flags as those flags say', () => {
    assert.equal(translatedToRe2('^\\p{Lu}+$', 'u'), ecmaToRe2('^\\p{Lu}+$', 'u'));
    assert.equal(translatedToRe2('^x-', 'iu'), ecmaToRe2('^x-', 'iu'));
    assert.notEqual(translatedToRe2('^x-', 'iu'), translatedToRe2('^x-', 'u'));
  });
});
