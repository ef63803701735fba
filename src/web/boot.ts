/**
 * The page's first script (issue 15, first row on screen): index.html loads it `async`, on its
 * own, so it runs as soon as it arrives, while the app's scripts (React, the router, the layout)
 * are still loading. On a first load of My Patterns it starts the list request, with the page's
 * query string as it is (the server parses it with the screen's own schema), and fetches the
 * screen's script; the app takes the list answer over (features/pattern-list/api/get-patterns.ts)
 * and the router finds the screen loaded. Only Zod-free, React-free modules belong here.
 */
import { PATTERN_LIST_PATHS } from '../shared/contracts/pattern-list-paths';
import { PATTERN_LIST_PATH } from './app/paths';
import { startEarlyGet } from './lib/early-fetch';
import { authHeaders } from './lib/session';

const headers = authHeaders();
if (window.location.pathname === PATTERN_LIST_PATH && headers.authorization) {
  // The list first: the screen's import runs Vite's preload helper, milliseconds of a slow
  // phone's main thread that the list's request need not wait behind (issue 50).
  startEarlyGet(PATTERN_LIST_PATHS.list + window.location.search, headers);
  // A failure here is the router's to report when it loads the screen itself.
  import('./app/routes/patterns/show-records').catch(() => undefined);
}
