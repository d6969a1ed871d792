import { strict as assert } from 'node:assert';
import { codeSpan, markdownCode } from '../../../core/text/markdownText';

describe('markdownText: a code span keeps the text exact', () => {
  it('fences a backtick run with a longer one and pads where a renderer would eat a character', () => {
    assert.equal(codeSpan('a`b'), '``a`b``');
    assert.equal(codeSpan('`x'), '`` `x ``');
    assert.equal(codeSpan(' x '), '`  x  `', 'CommonMark strips one space each side when both are there');
    assert.equal(codeSpan('x '), '`x `');
  });
  it('stays on one line: every control character and line separator is a space', () => {
    assert.equal(codeSpan('a\tb\u2028c\u0085d'), '`a b c d`');
  });
  it('in a table cell, a | is escaped (GitHub shows it as |) and the backticks stay', () => {
    assert.equal(markdownCode('a`b|c'), '``a`b\\|c``');
  });
});
