// What completion and the check ask a syntax instead of naming a format (server/src/checker/syntax/
// syntax.ts): how a key is written, where a member goes, whether a key being typed breaks the parse
// after it, and in which text a node's source fixes its value (the requested schemas' lookup).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { DocumentSchemas } from '../../server/src/checker/schema/documentSchemas';
import { schemaCache } from '../../server/src/checker/schema/sharedSchemaCache';
import { syntaxOf } from '../../server/src/checker/syntax/syntaxOf';
import { memberOf } from '../../server/src/checker/syntax/tree';
import { repoPath } from '../support/repo';

const json = syntaxOf('json');
const yaml = syntaxOf('yaml');

describe('the syntax boundary', () => {
  it('a key is written quoted in JSON, plain in YAML where it reads as itself', () => {
    assert.equal(json.writing.keyText('inputSchema'), '"inputSchema"');
    assert.equal(yaml.writing.keyText('inputSchema'), 'inputSchema');
    assert.equal(yaml.writing.keyText('$componentRef'), '$componentRef');
    assert.equal(yaml.writing.keyText('x-vendor.flag'), 'x-vendor.flag');
    // A plain scalar that would read as something else, or not as one key, is quoted.
    assert.equal(yaml.writing.keyText('two words'), '"two words"');
    assert.equal(yaml.writing.keyText('1st'), '"1st"');
    assert.equal(yaml.writing.keyText('a: b'), '"a: b"');
  });

  it('members between braces in JSON, on lines of their own in YAML; only JSON breaks after a key without its colon', () => {
    assert.deepEqual([json.writing.membersOnIndentedLines, yaml.writing.membersOnIndentedLines], [false, true]);
    assert.deepEqual([json.keyWithoutColonBreaksParse, yaml.keyWithoutColonBreaksParse], [true, false]);
  });

  it("JSON's source text fixes a value; YAML's does not: one alias text names another schema once its anchor is redefined", () => {
    const jsonText = '{"a": {"type": "object"}}';
    assert.equal(json.valueSourceText(jsonText), jsonText);
    const text = 'a: &s {type: object}\nb: *s\nc: &s {type: string}\nd: *s\n';
    assert.equal(yaml.valueSourceText(text), undefined);
    const root = yaml.parse(text).roots[0];
    const schemas = new DocumentSchemas(schemaCache, yaml.valueSourceText(text));
    assert.deepEqual(schemas.ofNode(memberOf(root, 'b')!).value, { type: 'object' });
    // Looked up by its source text (`*s`), `d` would be given `b`'s schema.
    assert.deepEqual(schemas.ofNode(memberOf(root, 'd')!).value, { type: 'string' });
  });

  it('completion, example scaffolds and the requested schemas hand-off name no format: they ask the syntax', () => {
    const formatBranch = /format\s*[!=]==\s*'(?:json|yaml)'|'(?:json|yaml)'\s*[!=]==\s*\w*format/i;
    for (const file of ['navigation/schemaCompletion.ts', 'navigation/exampleScaffolds.ts', 'check.ts']) {
      const source = fs.readFileSync(repoPath('server', 'src', 'checker', ...file.split('/')), 'utf8');
      assert.doesNotMatch(source, formatBranch, file);
    }
    const incremental = fs.readFileSync(repoPath('server', 'src', 'checker', 'incremental.ts'), 'utf8');
    // Nor does the incremental check: the options' format (check.ts's formatOf) is handed on, its
    // syntax answers where an edit falls; no format is named, nor a default chosen.
    assert.doesNotMatch(incremental, /'(?:json|yaml)'|options\.format/);
    const handOffs = incremental.match(/new DocumentSchemas\([^)]*\)/g) ?? [];
    assert.ok(handOffs.length > 0);
    for (const handOff of handOffs) assert.match(handOff, /valueSourceText/, handOff);
  });
});
