import { describe, expect, it } from 'vitest';
import { containsPattern } from '../../server/db/contains-text.ts';
import { listSearchSchema } from '../../common/schemas/search.ts';

describe('the back office list search', () => {
  it('makes a "contains" LIKE pattern with its wildcards and escape character taken literally', () => {
    expect(containsPattern('solar')).toBe('%solar%');
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('C:\\path')).toBe('%C:\\\\path%');
  });

  it('takes a blank q as no search, trims it and refuses one past the limit', () => {
    expect(listSearchSchema.parse({ q: '   ' })).toEqual({ q: undefined });
    expect(listSearchSchema.parse({})).toEqual({});
    expect(listSearchSchema.parse({ q: '  Solar  ' })).toEqual({ q: 'Solar' });
    const tooLong = listSearchSchema.safeParse({ q: 'x'.repeat(101) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe('q must be at most 100 characters');
  });
});
