// What the end-to-end test expects from the example workspace (test-fixtures/workspace/).
// Adjust these names here when the workspace changes; nothing else in test-e2e/ names a file.

/** The file the test opens: it holds the rule page's invalid step (declaration "missing"). */
export const INVALID_FILE = 'release-bot.mcpdesc.json';

/** The unknown declaration name in INVALID_FILE, and where it sits: `"declaration": "missing"`. */
export const UNKNOWN_NAME = 'missing';

export const RULE_ID = 'mcpdesc.tool.interaction.elicitation-consistency';

/** The quick fix's title starts with this (the rest names the tool). */
export const DECLARE_FIX_PREFIX = `Declare elicitation '${UNKNOWN_NAME}'`;

/**
 * Every other file with problems is never opened: check 3 expects the Problems panel to list exactly
 * what `mcpdesc-lint` reports for it (see cli-oracle.ts), so no other file is named here.
 *
 * When set, check 3 (problems of never-opened files) is still run, but its failure is reported as
 * an expected failure with this reason instead of failing the run. Set it only while the server's
 * workspace scan is not in yet; leave it undefined otherwise. Env E2E_XFAIL_UNOPENED overrides.
 */
export const UNOPENED_EXPECTED_FAILURE: string | undefined = undefined;

/** Check 6 breaks this file's JSON (its last closing brace goes) and misspells its first declaration reference. */
export const SYNTAX_FILE = 'changelog-bot.mcpdesc.json';

/**
 * Check 7 saves this file with fix-on-save on: every one of its problems has an auto-fix. (Not the rule
 * page's invalid file: scoped to 2025-06-18, the url declaration its fix writes keeps a revision-mismatch.)
 */
export const FIX_ON_SAVE_FILE = 'services/publish-bot.mcpdesc.json';

/** A JSON file that is not an mcpdesc document (check 8 reads the status item on it). */
export const NOT_MCPDESC_FILE = 'tool-catalog.json';
