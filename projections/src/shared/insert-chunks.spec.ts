import { inChunks } from './insert-chunks';

describe('inChunks', () => {
  it('writes every row once, in order, at most `size` per call', async () => {
    const calls: number[][] = [];
    await inChunks([1, 2, 3, 4, 5], async (chunk) => calls.push([...chunk]), 2);
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('makes no call for no rows', async () => {
    const write = jest.fn();
    await inChunks([], write);
    expect(write).not.toHaveBeenCalled();
  });
});
