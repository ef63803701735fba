import { describe, expect, it } from 'vitest';
import { PATTERN_ID_RULE, PatternFieldsSchema } from './patterns';

/** Issue 48 item 7: a Pattern ID holds what the storefront takes; the rule is said at the field. */
describe('Pattern ID characters', () => {
  const check = (SFCC_Pattern_ID: string) =>
    PatternFieldsSchema.shape.SFCC_Pattern_ID.safeParse(SFCC_Pattern_ID);

  it('takes letters, digits, dash, underscore and dot', () => {
    for (const id of ['BUT-806', 'm_7.2', 'KS3456']) expect(check(id).success).toBe(true);
  });

  it('refuses an emoji, a space, a slash or an accented letter, naming the characters it takes', () => {
    for (const id of ['BUT-8😀06', 'BUT 806', 'BUT/806', 'Été-1']) {
      const r = check(id);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(PATTERN_ID_RULE);
    }
  });

  it('still says "required" for an empty one', () => {
    expect(check('  ').error?.issues[0]?.message).toBe('Pattern ID is required');
  });
});
