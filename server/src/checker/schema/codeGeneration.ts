// Whether this runtime lets ajv compile a schema: ajv turns each schema into a function with
// `new Function`, which a host's content security policy without 'unsafe-eval' refuses (the
// format's web editor, vscode.dev-like hosts; Node with --disallow-code-generation-from-strings).
// There the format's own schema still runs (compiled at build time, formatSchemaAjv.ts), a
// document's schema the walker reads exactly still runs (simpleSchemaValidator.ts), and any other is
// not compiled: a notice says so, never an error and never a crash (schemaValidator.ts).

/** Why a schema was not compiled where code cannot be generated, as the notice says it. */
export const NO_CODE_GENERATION =
  "this host does not allow generated code (a content security policy without 'unsafe-eval'), which compiling it needs";

let allowed: boolean | undefined;

/** Probed once: a refusal is the host's policy and lasts as long as the process. */
export function canGenerateCode(): boolean {
  if (allowed === undefined) {
    try {
      allowed = new Function('return true')() === true;
    } catch {
      allowed = false;
    }
  }
  return allowed;
}
