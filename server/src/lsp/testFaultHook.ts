// TEST HOOK, not a feature: lets the LSP tests prove that one document whose check throws does not
// stop the server from serving the others. When the server process is started with the environment
// variable MCPDESC_TEST_FAULT_PATTERN set, checking any document whose URI contains that substring
// throws. Unset (always, outside the tests) it does nothing.

export const TEST_FAULT_ENV = 'MCPDESC_TEST_FAULT_PATTERN';

const faultPattern = process.env[TEST_FAULT_ENV] || undefined;

export function throwIfTestFault(uri: string): void {
  if (faultPattern !== undefined && uri.includes(faultPattern)) {
    throw new Error(`test fault injected for ${uri} (${TEST_FAULT_ENV}=${faultPattern})`);
  }
}
