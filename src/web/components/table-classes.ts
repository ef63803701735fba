/**
 * The actions cell of a table wider than a phone: below 900 px it stays pinned at the right edge
 * while the other columns scroll under it, so Edit and Delete never hide off-screen. It takes its
 * row's background, which must therefore be opaque (`bg-brand-tint` for a chosen row, not `bg-brand/15`).
 */
export const STICKY_ACTIONS = 'bg-inherit max-md:sticky max-md:right-0 max-md:z-[1] max-md:shadow-[inset_1px_0_0_var(--color-gray-200)]';
