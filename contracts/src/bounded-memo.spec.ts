import { boundedMemo } from './bounded-memo';

describe('boundedMemo', () => {
  it('computes each argument once while it is remembered, and gives the same value after', () => {
    const calls: string[] = [];
    const upper = boundedMemo((text) => {
      calls.push(text);
      return text.toUpperCase();
    }, 3);
    expect([upper('a'), upper('b'), upper('a'), upper('b')]).toEqual(['A', 'B', 'A', 'B']);
    expect(calls).toEqual(['a', 'b']);
  });

  it('forgets everything at the limit and remembers afresh, never holding more than the limit', () => {
    const calls: string[] = [];
    const size = boundedMemo((text) => {
      calls.push(text);
      return text.length;
    }, 2);
    expect([size('a'), size('bb'), size('ccc'), size('a'), size('ccc')]).toEqual([1, 2, 3, 1, 3]);
    // 'ccc' arrived at the limit: the map was emptied, then 'ccc' and 'a' remembered again.
    expect(calls).toEqual(['a', 'bb', 'ccc', 'a']);
  });
});
