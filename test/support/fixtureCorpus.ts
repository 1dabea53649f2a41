// The documents of the fixture corpora (JSON and YAML, valid and invalid) as the fuzzers start
// from them: every fixture file, never an expected-diagnostics file, in a stable order.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DocumentFormat } from '../../server/src/checker';
import { repoPath } from './repo';

export interface CorpusDocument {
  /** Folder under test-fixtures and file name, e.g. `yaml/expected-valid/x.mcpdesc.yaml`. */
  name: string;
  text: string;
  format: DocumentFormat;
  /** The file's extension without the dot (`json`, `jsonc`, `yaml`, `yml`). */
  extension: string;
}

const FOLDERS = ['expected-valid', 'expected-invalid', 'yaml/expected-valid', 'yaml/expected-invalid'];

export function fixtureCorpus(): CorpusDocument[] {
  const documents: CorpusDocument[] = [];
  for (const folder of FOLDERS) {
    const directory = repoPath('test-fixtures', ...folder.split('/'));
    if (!fs.existsSync(directory)) continue;
    for (const file of fs.readdirSync(directory).sort()) {
      if (file.endsWith('.expected.json')) continue;
      const extension = path.extname(file).slice(1);
      const format: DocumentFormat | undefined = /^ya?ml$/.test(extension)
        ? 'yaml'
        : /^jsonc?$/.test(extension)
          ? 'json'
          : undefined;
      if (format)
        documents.push({
          name: `${folder}/${file}`,
          text: fs.readFileSync(path.join(directory, file), 'utf8'),
          format,
          extension,
        });
    }
  }
  return documents;
}
