// The markdown pieces hovers are built from.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { code, escapeMarkdown } from '../../server/src/checker/navigation/markdown';

describe('markdown pieces', () => {
  it('escapes inline markup and list markers at a line start, keeps line breaks as breaks', () => {
    assert.equal(
      escapeMarkdown('Approve *this* [release] <now>? 1. fine'),
      'Approve \\*this\\* \\[release\\] \\<now\\>? 1. fine',
    );
    assert.equal(escapeMarkdown('first\n- second\n2. third'), 'first  \n\\- second  \n\\2. third');
  });

  it('code spans fence around backticks and show an empty name as ""', () => {
    assert.equal(code('confirm'), '`confirm`');
    assert.equal(code('a`b'), '`` a`b ``');
    assert.equal(code(''), '`""`');
    assert.equal(code('two\nlines'), '`two lines`');
  });
});
