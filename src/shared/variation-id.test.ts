import { describe, expect, it } from 'vitest';
import { variationIdFor } from './variation-id';

describe('variationIdFor', () => {
  it('slugs each part and joins them with underscores', () => {
    expect(variationIdFor('PP-123', 'View B', '12 Petite')).toBe('pp-123_view-b_12-petite');
  });

  it('folds accents instead of dropping the letter', () => {
    expect(variationIdFor('PP1', 'X / Ü / ñ', 'Größe Ä')).toBe('pp1_x-u-n_grosse-a');
    expect(variationIdFor('Çà', 'Été', 'Ñandú')).toBe('ca_ete_nandu');
  });

  it('transliterates letters without an accent to fold (issue 48 item 7)', () => {
    expect(variationIdFor('PP1', 'A', 'Größe 38')).toBe('pp1_a_grosse-38');
    expect(variationIdFor('Æbleø', 'Łódź', 'Þór')).toBe('aebleo_lodz_thor');
  });

  it('turns symbols into one dash and trims them at the ends', () => {
    expect(variationIdFor('PP1', '  A & B!! ', '(½) 10/12')).toBe('pp1_a-b_1-2-10-12');
  });

  it('gives x for a part with nothing left: empty, blank or only symbols', () => {
    expect(variationIdFor('PP1', '', 'M')).toBe('pp1_x_m');
    expect(variationIdFor('PP1', '   ', '★☆')).toBe('pp1_x_x');
    expect(variationIdFor('', '—', '%%')).toBe('x_x_x');
  });
});
