// When checking a document threw: the document gets the checker's one internal-error notice
// (internalErrorNotice, the same the CLI reports), and the server's log gets the whole story.

/** The full story for the log (the diagnostic keeps only the message). */
export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
