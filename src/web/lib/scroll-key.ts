/**
 * Where a screen's scroll position is kept: its history entry, as React Router does, except the
 * entry a page was loaded into. Every page loaded afresh in a tab starts in an entry keyed
 * "default", so by that key My Patterns opened from the address bar took the scroll position the
 * dashboard had when the tab left it; that entry is kept by its address instead (a reload still
 * returns to where it was).
 */
export function scrollKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}
