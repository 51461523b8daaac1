import { describe, expect, it } from 'vitest';
import { escapeName, joinPath, siblingSegments } from '../../src/model/paths.js';

describe('part paths', () => {
  it('numbers repeated sibling names #1, #2, … in file order and leaves unique names alone', () => {
    expect(siblingSegments(['nut', 'bolt', 'nut', 'plate', 'nut'])).toEqual(['nut#1', 'bolt', 'nut#2', 'plate', 'nut#3']);
  });
  it('names empty names "unnamed" and numbers them like any other', () => {
    expect(siblingSegments(['', '  ', 'x'])).toEqual(['unnamed#1', 'unnamed#2', 'x']);
  });
  it('escapes "/", "#", "%" and control characters so paths stay unique and splittable', () => {
    expect(escapeName('a/b')).toBe('a%2Fb');
    expect(escapeName('line1\nline2')).toBe('line1%0Aline2');
    expect(escapeName('nut#1')).toBe('nut%231');
    expect(escapeName('50%')).toBe('50%25');
    // A name that looks like an escaped one cannot collide with it.
    expect(siblingSegments(['a/b', 'a%2Fb'])).toEqual(['a%2Fb', 'a%252Fb']);
  });
  it('keeps garbled (replacement-character) and non-Latin names as they are', () => {
    expect(escapeName('Деталь\uFFFD')).toBe('Деталь\uFFFD');
  });
  it('joins segments with "/" and skips the unnamed root', () => {
    expect(joinPath('', 'as1')).toBe('as1');
    expect(joinPath('as1', 'plate')).toBe('as1/plate');
  });
});
