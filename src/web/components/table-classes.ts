/**
 * The actions cell of a table wider than a phone: below 900 px it stays pinned at the right edge
 * while the other columns scroll under it, so Edit and Delete never hide off-screen. It takes its
 * row's background, which must therefore be opaque (`bg-brand-tint` for a chosen row, not `bg-brand/15`).
 */
export const STICKY_ACTIONS =
  'bg-inherit max-md:sticky max-md:right-0 max-md:z-[1] max-md:shadow-[inset_1px_0_0_var(--color-gray-200)]';

/**
 * The sizes table's two identifying columns, View then Size: below 900 px both stay pinned at the
 * left edge (5rem each) while the rest scrolls under them, so two sizes of one view never look
 * alike on a phone. Like STICKY_ACTIONS, they take their row's opaque background.
 */
export const STICKY_VIEW =
  'bg-inherit max-md:sticky max-md:left-0 max-md:z-[1] max-md:w-20 max-md:min-w-20 max-md:max-w-20 max-md:wrap-anywhere';
export const STICKY_SIZE =
  'bg-inherit max-md:sticky max-md:left-20 max-md:z-[1] max-md:w-20 max-md:min-w-20 max-md:max-w-20 max-md:wrap-anywhere max-md:shadow-[inset_-1px_0_0_var(--color-gray-200)]';
