import { BatchedLookup } from './batched-lookup';

const deferred = () => {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
};

describe('BatchedLookup', () => {
  it('sends keys asked for in the same tick in one query, and those asked for meanwhile in the next', async () => {
    const queries: string[][] = [];
    const gate = deferred();
    const lookup = new BatchedLookup<string, number>(async (keys) => {
      queries.push([...keys]);
      if (queries.length === 1) await gate.promise;
      return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.length]));
    });
    const first = [lookup.load('a'), lookup.load('bb')];
    await Promise.resolve();
    await Promise.resolve();
    const later = [lookup.load('ccc'), lookup.load('missing'), lookup.load('ccc')];
    gate.release();
    expect(await Promise.all(first)).toEqual([1, 2]);
    expect(await Promise.all(later)).toEqual([3, undefined, 3]);
    expect(queries).toEqual([
      ['a', 'bb'],
      ['ccc', 'missing'],
    ]);
  });

  it('splits large batches, and fails only the callers of a failing query', async () => {
    const queries: string[][] = [];
    const lookup = new BatchedLookup<string, string>(async (keys) => {
      queries.push([...keys]);
      if (queries.length === 1) throw new Error('connection lost');
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    }, 2);
    const results = await Promise.allSettled(['a', 'b', 'c'].map((key) => lookup.load(key)));
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(queries).toEqual([['a', 'b'], ['c']]);
    expect(await lookup.load('d')).toBe('D');
  });
});
