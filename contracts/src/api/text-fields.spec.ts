import { z } from 'zod';
import { charCount, clipChars } from './text-fields';

describe('text length counts characters (Unicode code points), never UTF-16 units', () => {
  it('counts an emoji or an astral CJK character as one', () => {
    expect(charCount('💄💄💄')).toBe(3);
    expect(charCount('𠀀a')).toBe(2);
    expect(charCount('')).toBe(0);
    // A flag is two code points shown as one: code points, not graphemes (the same in every engine).
    expect(charCount('🇳🇬')).toBe(2);
  });

  it('clips at a character boundary, never half a surrogate pair', () => {
    expect(clipChars('💄💄💄', 2)).toBe('💄💄');
    expect(clipChars('abc', 5)).toBe('abc');
    expect(clipChars('a💄b', 2)).toBe('a💄');
  });

  // The contracts' .min()/.max() rely on zod counting code points (colinhacks/zod#6441, zod ^4.6.7).
  it("zod's string limits count as charCount does", () => {
    expect(z.string().max(3).safeParse('💄💄💄').success).toBe(true);
    expect(z.string().max(3).safeParse('💄💄💄💄').success).toBe(false);
    expect(z.string().min(8).safeParse('💄'.repeat(4)).success).toBe(false);
    expect(z.toJSONSchema(z.string().max(3))).toMatchObject({ maxLength: 3 });
  });
});
