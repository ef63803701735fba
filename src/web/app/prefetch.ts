import { prefetchPatternList } from '../features/pattern-list/api/get-patterns';
import { PATTERN_LIST_PATH } from './paths';

/**
 * Imported first by main.tsx: on a first load of My Patterns the list's query is set up before
 * React renders, taking over the request boot.ts started (or sending it, if boot.ts did not run).
 */
if (window.location.pathname === PATTERN_LIST_PATH) prefetchPatternList(window.location.search);
