/**
 * The page's first script (issue 15, first row on screen): index.html loads it `async`, on its
 * own, so it runs as soon as it arrives, while the app's scripts (React, the router, the layout)
 * are still loading. On a first load of My Patterns it starts the list request, with the page's
 * query string as it is (the server parses it with the screen's own schema), and fetches the
 * screen's script; the app takes the list answer over (features/pattern-list/api/get-patterns.ts)
 * and the router finds the screen loaded. When the answer comes before the app has drawn its
 * screen, the first rows are drawn from it at once (features/pattern-list/first-rows.ts, ADR 016).
 * Only Zod-free, React-free modules belong here.
 */
import type { PatternListResponse } from '../shared/contracts/pattern-list';
import { PATTERN_LIST_PATHS } from '../shared/contracts/pattern-list-paths';
import { readListQuery } from '../shared/contracts/pattern-list-query';
import { PATTERN_LIST_PATH } from './app/paths';
import { drawFirstRows, firstRowsPossible } from './features/pattern-list/first-rows';
import { startEarlyGet } from './lib/early-fetch';
import { authHeaders, readSession } from './lib/session';

/**
 * How long the app waits for the list's answer before it starts anyway (then the app draws the
 * rows itself, and the first rows are not drawn): about what the app's own start takes on a
 * slow phone, so a slow answer costs the app little.
 */
const WAIT_FOR_ROWS_MS = 600;

let appStarted = false;
/**
 * Starts the app: its entry, which index.html preloads (vite.config.ts), once the page has been
 * read to its end (the app renders into #root).
 */
function startApp(): void {
  appStarted = true;
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', startApp, { once: true });
    return;
  }
  const entry = document.querySelector<HTMLLinkElement>('link[data-app-entry]')?.href;
  if (entry) void import(/* @vite-ignore */ entry);
}

/**
 * Resolves once the frame that shows the rows has been painted: at the frame after it (a
 * callback of the next frame runs before that frame is drawn), or after 200 ms where no frame
 * comes (a page in the background). The app's start, a long task on a slow phone, would
 * otherwise run before that frame.
 */
const afterPaint = () =>
  new Promise<void>((done) => {
    requestAnimationFrame(() => requestAnimationFrame(() => done()));
    setTimeout(done, 200);
  });

/**
 * A first load of My Patterns: the list's request and the screen's script leave at once, and the
 * first rows are drawn from the answer. Resolves when the app may start: at once where no rows
 * can be drawn, else once they are painted (or the answer is late).
 */
function startMyPatterns(headers: Record<string, string>): Promise<unknown> {
  const { search } = window.location;
  // The list first: the screen's import runs Vite's preload helper, milliseconds of a slow
  // phone's main thread that the list's request need not wait behind (issue 50).
  const answer = startEarlyGet<PatternListResponse>(PATTERN_LIST_PATHS.list + search, headers);
  // A failure here is the router's to report when it loads the screen itself.
  import('./app/routes/patterns/show-records').catch(() => undefined);
  const query = readListQuery(Object.fromEntries(new URLSearchParams(search)));
  if (!firstRowsPossible(query)) return Promise.resolve();
  // The rows are drawn first, and then the app starts: its evaluation is a long task on a slow
  // phone, which the rows would otherwise wait behind (ADR 016). An answer later than the app's
  // start is the app's to draw (it is drawing the screen).
  const drawn = answer.then((list) => {
    if (!list || appStarted) return;
    if (drawFirstRows(list, query, readSession()?.role === 'admin')) return afterPaint();
  });
  return Promise.race([drawn, new Promise((r) => setTimeout(r, WAIT_FOR_ROWS_MS))]);
}

const headers = authHeaders();
if (window.location.pathname === PATTERN_LIST_PATH && headers.authorization)
  void startMyPatterns(headers).then(startApp);
else startApp();
