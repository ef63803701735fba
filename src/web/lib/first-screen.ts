/**
 * The moment the first screen is on screen, for the parts that can come after it (issue 50, first
 * screen: docs/benchmarks.md "The first row on screen"). The user menu and the list's working
 * filters (Headless UI and its positioning, ~40 KB of gzipped script), the list's bulk bar and the
 * toasts' container wait for it: fetched and run before My Patterns' first row, they took the
 * network and the main thread from it. Their stand-ins look the same, so nothing moves when they
 * arrive (the toasts' container is fixed at the bottom and empty until a toast).
 *
 * My Patterns says when its rows (or its empty or error state) are in the page; every other screen
 * counts as shown once the layout has rendered it (root-layout.tsx), so leaving a list that is
 * still loading lets them load too. No timer: a list that loads long keeps its stand-ins (the
 * header's links work meanwhile), and the order stays the same on a slow machine.
 */

/**
 * My Patterns' first rows, which web/boot.ts may draw before the app has run
 * (features/pattern-list/first-rows.ts, ADR 016): their element, the mark on <html> while they
 * stand in for the app (index.html hides #root then), and the mark once the app has drawn a screen,
 * after which they are never drawn.
 */
export const FIRST_ROWS = { id: 'first-rows', shown: 'firstRows', gone: 'firstRowsGone' } as const;

let shown = false;
let release: () => void = () => undefined;
const whenShown = new Promise<void>((resolve) => (release = resolve));

/**
 * Marks the first screen as shown (called in a layout effect, before that frame is painted): the
 * first rows boot.ts drew, if any, give way to it in the same frame, and what waits runs after the
 * frame that paints it.
 */
export function firstScreenShown(): void {
  const html = document.documentElement;
  html.dataset[FIRST_ROWS.gone] = '';
  document.getElementById(FIRST_ROWS.id)?.remove();
  delete html.dataset[FIRST_ROWS.shown];
  if (shown) return;
  shown = true;
  // The next frame paints what was just rendered; the task after it runs what waited.
  requestAnimationFrame(() => setTimeout(release, 0));
}

/** `load` once the first screen is painted: a lazy part the first screen does not need. */
export function loadAfterFirstScreen<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= whenShown.then(load));
}
