import { slugify } from './options';

/**
 * The VariationID a size gets when none is given (docs/product-decisions.md): `<Pattern ID>_<view>_<size>`, each part
 * slugged (accents folded: `Ü` → `u`; `ß` → `ss`, `ø` → `o`); a part with nothing left after slugging becomes `x`. The one
 * generator: the submission and adding a size later both call it, so the same size gets the same ID.
 * Only new rows use it; stored VariationIDs are never regenerated.
 */
/** Letters that no accent folding reaches, written as people type them without the letter (`Größe` → `grosse`). */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  þ: 'th',
  Æ: 'AE',
  Œ: 'OE',
  Ø: 'O',
  Ł: 'L',
  Đ: 'D',
  Þ: 'TH',
};
// Built from the keys, not written as a literal: the server bundle stays ASCII, which V8 stores in
// half the memory (scripts/server-bundle.mjs).
const LETTER = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

export function variationIdFor(patternId: string, view: string, size: string): string {
  // Marks are dropped before slugging: slugify alone turns `é` into `e-` (its combining accent becomes a dash).
  const fold = (part: string) =>
    part
      .replace(LETTER, (c) => LETTERS[c] ?? c)
      .normalize('NFKD')
      .replace(/\p{M}/gu, '');
  return [patternId, view, size].map((part) => slugify(fold(part)) || 'x').join('_');
}
