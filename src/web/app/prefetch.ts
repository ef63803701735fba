import { prefetchPatternList } from '../features/pattern-list/api/get-patterns';

/** The list screen's path: its route (router.tsx) prefetches the same way on every navigation to it. */
export const PATTERN_LIST_PATH = '/app/show-records';

/**
 * Imported first by main.tsx, so it runs before React, the router and the layout are evaluated: on
 * a first load of My Patterns the list request leaves at once, in parallel with the rest of the
 * script and the screen's own chunk (issue 15, first row on screen).
 */
if (window.location.pathname === PATTERN_LIST_PATH) prefetchPatternList(window.location.search);
