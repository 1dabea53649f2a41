// The one diagnostic a file too large to check gets, so that it is visibly skipped, not silently clean.
import { shippedDocsBaseUri } from '../../../shared/src/shippedDocs';
import { checkerNotice, type CheckOptions, type Diagnostic } from '../checker';

const BYTES_PER_MB = 1024 * 1024;

export function fileTooLargeDiagnostic(sizeBytes: number, limitMB: number, rules: CheckOptions['rules']): Diagnostic | undefined {
  const sizeMB = (sizeBytes / BYTES_PER_MB).toFixed(1);
  return checkerNotice('skipped', `File not checked: it is ${sizeMB} MB, over the ${limitMB} MB limit (--max-file-size-mb).`, {
    rules,
    docsBaseUri: shippedDocsBaseUri(),
  });
}
