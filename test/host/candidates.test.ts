// Which files are worth reading, by path alone: the one meaning of include/exclude globs (the
// checker's recognition), sniffable names, ignored folders.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isCandidateFile,
  isExcluded,
  isInIgnoredDirectory,
  isRecognizedByContent,
  isRecognizedByName,
} from '../../server/src/host';

const none = { include: [], exclude: [] };

describe('candidate files', () => {
  it('an exclude glob without a slash matches the file name in any folder; with one it is anchored', () => {
    const globs = { include: [], exclude: ['release-bot.mcpdesc.json'] };
    for (const file of ['release-bot.mcpdesc.json', 'sub/release-bot.mcpdesc.json', 'a/b/release-bot.mcpdesc.json']) {
      assert.equal(isExcluded(file, globs), true, file);
      assert.equal(isCandidateFile(file, globs), false, file);
    }
    assert.equal(isExcluded('sub/other.mcpdesc.json', globs), false);
    const anchored = { include: [], exclude: ['sub/release-bot.mcpdesc.json'] };
    assert.equal(isExcluded('sub/release-bot.mcpdesc.json', anchored), true);
    assert.equal(isExcluded('x/sub/release-bot.mcpdesc.json', anchored), false);
    assert.equal(isExcluded('.hidden/a.json', { include: [], exclude: ['**/*.json'] }), true, 'dot folders too');
  });

  it('reads JSON and YAML names (to sniff them), mcpdesc names and include globs; nothing else', () => {
    for (const file of ['a.json', 'a.jsonc', 'a.yaml', 'a.yml', 'x.mcpdesc.json', 'deep/X.MCPDESC.YML'])
      assert.equal(isCandidateFile(file, none), true, file);
    assert.equal(isCandidateFile('notes.txt', none), false);
    assert.equal(isCandidateFile('specs/notes.txt', { include: ['notes.txt'], exclude: [] }), true);
    assert.equal(isCandidateFile('specs/notes.txt', { include: ['notes.txt'], exclude: ['specs/**'] }), false, 'exclusion wins');
  });

  it('recognizes by name or glob without the text, and by the root member with it', () => {
    assert.equal(isRecognizedByName('a/b.mcpdesc.yaml', none), true);
    assert.equal(isRecognizedByName('a/b.json', none), false);
    assert.equal(isRecognizedByContent('a/b.json', '{ "mcpdesc": "0.8.0" }', none), true);
    assert.equal(isRecognizedByContent('a/b.yaml', 'mcpdesc: "0.8.0"\n', none), true);
    assert.equal(isRecognizedByContent('a/b.json', '{ "name": "mcpdesc" }', none), false);
    assert.equal(isRecognizedByContent('a/b.json', '{ "mcpdesc": "0.8.0" }', { include: [], exclude: ['b.json'] }), false);
  });

  it('knows node_modules and .git anywhere above a file', () => {
    assert.equal(isInIgnoredDirectory('node_modules/a.json'), true);
    assert.equal(isInIgnoredDirectory('x/.git/hooks/a.json'), true);
    assert.equal(isInIgnoredDirectory('x/node_modules.json'), false);
    assert.equal(isInIgnoredDirectory('.gitignore'), false);
  });
});
