// The SARIF of the invalid fixtures (JSON and YAML), every rule on, against the SARIF 2.1.0 schema;
// sarifCodeScanning.test.ts checks the example workspace's and a failed run's.
import { describe } from 'node:test';
import { itIsValidSarifFor, sarifValidator } from './support/sarifValidation';

describe('SARIF for code scanning', () => {
  itIsValidSarifFor(['test-fixtures/expected-invalid', 'test-fixtures/yaml'], sarifValidator());
});
