import type {
  PatternListQuery,
  PatternListResponse,
  PatternListRow,
} from '../../../shared/contracts/pattern-list';
import { DELETE_MSG } from '../../../shared/contracts/pattern-list-paths';
import type { PatternSortKey, SortDirection } from '../../../shared/contracts/pattern-list-query';
import { EDIT_STATUS_LABELS } from '../../../shared/contracts/lifecycle-paths';
import { STATUS_LABELS } from '../../../shared/options';
import {
  BADGE_CLASS,
  EDIT_STATUS_TONE,
  STATUS_TONE,
  STOREFRONT_BADGE,
} from '../../lib/badge-tones';
import { formatCount, formatDate, formatPrice, formatTime } from '../../lib/format';
import { STICKY_ACTIONS } from '../../components/table-classes';
import { buttonClass } from '../../components/button-classes';
import { FIRST_ROWS } from '../../lib/first-screen';

/**
 * My Patterns' first rows, drawn by web/boot.ts from the list answer it asked for, while the app's
 * scripts (React, the router, the screen) are still loading and running: on a slow phone the rows
 * show that much sooner (issue 50; ADR 016). It draws the screen as the app draws it on a first
 * load (the same elements and classes: the filters closed, nothing selected), with links that work
 * as plain links and controls that wait for the app. The app's root stays hidden meanwhile; the
 * app's own screen, once rendered, removes this one in the same frame (`firstScreenShown`), so the
 * page does not move. e2e/first-rows.test.ts holds the two drawings to the same places and words.
 * No React, no Zod here: this runs before either has arrived.
 */

/** Where My Patterns keeps its Table/Grid choice on this device (view-toggle.tsx). */
export const LIST_VIEW_KEY = 'patterns-view';

/**
 * Whether the first rows of this page can be drawn: not in the grid the user chose, nor where a
 * filter needs what the list answer does not say (a brand's name, the published versions). The
 * app draws those itself.
 */
export function firstRowsPossible(query: PatternListQuery): boolean {
  return (
    localStorage.getItem(LIST_VIEW_KEY) !== 'grid' &&
    query.brand === undefined &&
    query.version === 'working'
  );
}

/**
 * Draws the first rows, unless the app has drawn a screen already, the answer has no rows, or
 * they cannot be drawn for this page (`firstRowsPossible`). Returns whether it drew.
 */
export function drawFirstRows(
  answer: PatternListResponse,
  query: PatternListQuery,
  admin: boolean,
): boolean {
  const html = document.documentElement;
  if (FIRST_ROWS.gone in html.dataset || FIRST_ROWS.shown in html.dataset) return false;
  if (answer.data.length === 0 || answer.totalCountData === 0) return false;
  if (!firstRowsPossible(query)) return false;
  const root = document.getElementById('root');
  if (!root) return false;
  const page = screen(answer, query, admin);
  page.id = FIRST_ROWS.id;
  // A click waits for the app, but on a link: the links lead where the app's do.
  page.addEventListener('click', (e) => {
    if (!(e.target as Element).closest('a')) e.preventDefault();
  });
  root.before(page);
  html.dataset[FIRST_ROWS.shown] = '';
  document.title = 'My Patterns · Partner Portal';
  return true;
}

type Child = Node | string | null | false;

/** An element with its class, attributes and children: text is always text (names are the users'). */
function el(tag: string, cls: string, attrs: Record<string, string> = {}, ...kids: Child[]) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const k of kids) if (k) node.append(k);
  return node;
}

function icon(cls: string, d: string): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('viewBox', '0 0 20 20');
  svg.setAttribute('class', cls);
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', d);
  svg.append(path);
  return svg;
}

const BAR_LINK =
  'rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink shadow-sm hover:bg-gray-100 sm:px-4 sm:py-2';
const BUTTON = buttonClass('secondary');
const TOGGLE =
  'px-3 py-1.5 text-sm font-semibold first:rounded-l-md last:rounded-r-md aria-pressed:bg-ink aria-pressed:text-white';

/** The page as root-layout.tsx and pattern-list-screen.tsx draw it, header bar to table. */
function screen(answer: PatternListResponse, query: PatternListQuery, admin: boolean) {
  const filtered = [query.search, query.status, query.type, query.fabric, query.printable].some(
    (v) => v !== undefined && v !== '',
  );
  const total = answer.totalCountData;
  return el(
    'div',
    'flex min-h-screen flex-col bg-gray-50 text-ink',
    { 'data-testid': 'first-rows', 'aria-busy': 'true' },
    el(
      'header',
      'sticky top-0 z-40 bg-brand shadow-sm',
      {},
      el('div', 'mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6'),
    ),
    el(
      'main',
      'flex-1',
      {},
      el(
        'div',
        'mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:gap-5 sm:px-6 sm:py-6',
        {},
        title(admin),
        filters(query, admin),
        el(
          'div',
          'flex flex-wrap items-center justify-between gap-2',
          {},
          el('div', 'flex flex-wrap items-center gap-2'),
          el(
            'div',
            'flex flex-wrap items-center gap-2',
            {},
            filtered && el('button', BUTTON, { type: 'button' }, 'Clear filters'),
            el(
              'button',
              BUTTON,
              { type: 'button', title: 'Download the patterns of this view as CSV' },
              icon(
                'h-4 w-4 fill-current',
                'M9.25 3h1.5v7.4l2.7-2.7 1.05 1.06L10 13.27 5.5 8.76l1.05-1.06 2.7 2.7V3zM4 15h12v1.5H4z',
              ),
              'Download',
            ),
          ),
        ),
        el(
          'div',
          'flex flex-col gap-3',
          {},
          el(
            'section',
            'flex flex-wrap items-center gap-2 text-sm',
            { 'aria-label': 'Bulk actions' },
            el('button', BUTTON, { type: 'button' }, 'Select all on this page'),
            total > answer.data.length &&
              el(
                'button',
                `${BUTTON} invisible`,
                { type: 'button', 'aria-hidden': 'true' },
                `Select all ${formatCount(total)} matching the filters`,
              ),
          ),
        ),
        table(answer.data, query, admin),
      ),
    ),
  );
}

function title(admin: boolean) {
  return el(
    'div',
    'flex flex-wrap items-end justify-between gap-3',
    {},
    el(
      'div',
      '',
      {},
      el('h1', 'text-2xl font-bold sm:text-3xl', {}, 'My Patterns'),
      el(
        'p',
        'text-sm text-gray-700',
        {},
        admin ? 'Patterns of every brand.' : 'The patterns of your brand.',
      ),
    ),
    el(
      'div',
      'flex flex-wrap items-center gap-2 sm:gap-3',
      {},
      el(
        'div',
        'inline-flex rounded-md border border-gray-300 bg-white shadow-sm',
        { role: 'group', 'aria-label': 'View' },
        el('button', TOGGLE, { type: 'button', 'aria-pressed': 'true' }, 'Table'),
        el(
          'button',
          `${TOGGLE} border-l border-gray-300`,
          { type: 'button', 'aria-pressed': 'false' },
          'Grid',
        ),
      ),
      el(
        'span',
        'inline-flex flex-wrap items-center gap-x-2 gap-y-1',
        {},
        el('a', BAR_LINK, { href: '/app/imports/new' }, 'Import patterns'),
        el(
          'a',
          'px-1 py-1.5 text-sm font-semibold text-ink underline sm:py-2',
          { href: '/app/imports' },
          'Import history',
        ),
      ),
      el('a', BAR_LINK, { href: '/app/trash' }, 'Trash'),
      el(
        'a',
        'rounded-md bg-brand px-3 py-1.5 text-sm font-semibold text-ink shadow-sm hover:bg-brand-dark sm:px-4 sm:py-2',
        { href: '/app/add-record' },
        'Add new pattern',
      ),
    ),
  );
}

/** The filters closed, as filter-placeholder.tsx draws them, and the phone's Filters button. */
function filters(query: PatternListQuery, admin: boolean) {
  const closed = (label: string, text: string) =>
    el(
      'div',
      'flex flex-col gap-1',
      {},
      el('span', 'text-sm font-medium text-gray-800', {}, label),
      el(
        'div',
        'relative',
        {},
        el(
          'button',
          'flex w-full items-center justify-between rounded-md border border-gray-300 bg-white px-3 py-2 text-left text-sm shadow-sm',
          { type: 'button', 'aria-label': `${label}: ${text}` },
          el('span', '', {}, text),
          icon('h-4 w-4 fill-gray-500', 'M5.5 7.5 10 12l4.5-4.5z'),
        ),
      ),
    );
  const set = [query.status, query.type, query.fabric, query.printable].filter(
    (v) => v !== undefined,
  ).length;
  return el(
    'section',
    `grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 sm:grid-cols-2 md:grid-cols-3 ${admin ? 'lg:grid-cols-6' : 'lg:grid-cols-5'}`,
    { 'aria-label': 'Filters' },
    el(
      'div',
      'min-w-0 sm:col-span-2 md:col-span-3 lg:col-span-1',
      {},
      el(
        'div',
        'flex min-w-0 flex-col gap-1',
        {},
        el('label', 'text-sm font-medium text-gray-800', { for: 'first-rows-search' }, 'Search'),
        el(
          'div',
          'relative',
          {},
          icon(
            'pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 fill-gray-500',
            'M8.5 3a5.5 5.5 0 0 1 4.4 8.8l3.7 3.7-1.1 1.1-3.7-3.7A5.5 5.5 0 1 1 8.5 3zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
          ),
          // Read-only until the app arrives: what was typed here would be lost when it takes over.
          el(
            'input',
            'w-full rounded-md border border-gray-300 bg-white py-2 pr-3 pl-8 text-sm shadow-sm',
            {
              id: 'first-rows-search',
              type: 'search',
              value: query.search ?? '',
              placeholder: 'Pattern ID or name',
              readonly: '',
            },
          ),
        ),
      ),
    ),
    el(
      'button',
      'inline-flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-gray-100 sm:hidden',
      { type: 'button', 'aria-expanded': 'false' },
      icon('h-4 w-4 fill-current', 'M3 5h14v1.5H3zm3 4.25h8v1.5H6zm2.5 4.25h3V15h-3z'),
      'Filters',
      set > 0 &&
        el(
          'span',
          'rounded-full bg-ink px-1.5 text-xs leading-5 text-white',
          {},
          String(set),
          el('span', 'sr-only', {}, ' set'),
        ),
    ),
    el(
      'div',
      'hidden sm:contents',
      {},
      admin && closed('Brand', 'All brands'),
      closed('Status', query.status ? STATUS_LABELS[query.status] : 'All statuses'),
      closed('Pattern Type', query.type ?? 'All types'),
      closed('Fabric', query.fabric ?? 'All fabrics'),
      closed('Printable', query.printable ?? 'Printable or not'),
    ),
  );
}

/** The sortable columns as patterns-table.tsx lists them: label, sort key, first direction, class. */
const COLUMNS: [label: string, column: PatternSortKey, firstDir: SortDirection, extra: string][] = [
  ['Pattern ID', 'SFCC_Pattern_ID', 'asc', ''],
  ['Pattern Name', 'Pattern_Name', 'asc', ''],
  ['Brand', 'brand', 'asc', ''],
  ['Pattern Type', 'Type', 'asc', ''],
  ['Gender', 'Gender', 'asc', ''],
  ['Price', 'Price', 'desc', 'text-right'],
  ['Status', 'status', 'asc', ''],
  ['Updated', 'updatedAt', 'desc', ''],
];

/** The table as patterns-table.tsx and pattern-row.tsx draw it. */
function table(rows: PatternListRow[], query: PatternListQuery, admin: boolean) {
  const header = COLUMNS.filter(([, column]) => admin || column !== 'brand').map(
    ([label, column, firstDir, extra]) => {
      const active = query.sort === column;
      const next = active ? (query.dir === 'asc' ? 'desc' : 'asc') : firstDir;
      return el(
        'th',
        `px-3 py-2 text-left font-semibold ${extra}`,
        {
          scope: 'col',
          'aria-sort': active ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none',
        },
        el(
          'button',
          '-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 whitespace-nowrap hover:bg-gray-200',
          {
            type: 'button',
            title: `Sort by ${label} (${next === 'asc' ? 'ascending' : 'descending'})`,
          },
          label,
          el(
            'span',
            `text-xs ${active ? 'text-ink' : 'text-gray-400'}`,
            { 'aria-hidden': 'true' },
            active ? (query.dir === 'asc' ? '▲' : '▼') : '↕',
          ),
        ),
      );
    },
  );
  const lockedAll = !admin && rows.every((r) => r.SFCC_Status === 'published');
  return el(
    'div',
    'relative overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm',
    { role: 'region', 'aria-label': 'Patterns', tabindex: '0' },
    el(
      'table',
      'w-full min-w-[52rem] border-collapse text-sm transition-opacity',
      {},
      el('caption', 'sr-only', {}, 'Your patterns. Column headers sort the table.'),
      el(
        'thead',
        'text-gray-800',
        {},
        el(
          'tr',
          'bg-gray-100',
          {},
          el(
            'th',
            'w-10 px-3 py-2 text-left',
            { scope: 'col' },
            el('input', 'h-4 w-4 accent-ink', {
              type: 'checkbox',
              'aria-label': 'Select all patterns on this page',
              ...(lockedAll ? { disabled: '' } : {}),
            }),
          ),
          el('th', 'w-14 px-1 py-2', { scope: 'col' }, el('span', 'sr-only', {}, 'Photo')),
          ...header,
          el(
            'th',
            `px-3 py-2 text-right ${STICKY_ACTIONS}`,
            { scope: 'col' },
            el('span', 'sr-only', {}, 'Actions'),
          ),
        ),
      ),
      el('tbody', '', {}, ...rows.map((r) => row(r, admin))),
    ),
  );
}

function badges(r: PatternListRow) {
  const main = el(
    'span',
    `${BADGE_CLASS} ${STATUS_TONE[r.SFCC_Status]}`,
    {},
    STATUS_LABELS[r.SFCC_Status],
  );
  if (!r.editStatus && !r.storefront) return main;
  const sf = r.storefront ? STOREFRONT_BADGE[r.storefront] : null;
  return el(
    'span',
    'inline-flex flex-wrap gap-1',
    {},
    main,
    r.editStatus &&
      el(
        'span',
        `inline-flex whitespace-nowrap rounded-full font-semibold ring-1 ring-inset px-2 py-0.5 text-xs ${EDIT_STATUS_TONE[r.editStatus]}`,
        { 'data-testid': 'pattern-edit-status' },
        EDIT_STATUS_LABELS[r.editStatus],
      ),
    sf &&
      el(
        'span',
        `${BADGE_CLASS} ${sf.tone}`,
        { title: sf.title, 'data-testid': 'storefront-badge' },
        el('span', 'sr-only', {}, 'Storefront: '),
        sf.label,
      ),
  );
}

const empty = () => el('span', 'text-gray-400', { 'aria-label': 'not set' }, '—');

function row(r: PatternListRow, admin: boolean) {
  const to = `/app/show-records/${r.ID}`;
  const locked = !admin && r.SFCC_Status === 'published' ? DELETE_MSG.publishedOne : undefined;
  return el(
    'tr',
    'cursor-pointer border-t border-gray-200 bg-white hover:bg-gray-50',
    {},
    el(
      'td',
      'w-10 px-3 py-2',
      {},
      el('input', 'h-4 w-4 accent-ink', {
        type: 'checkbox',
        'aria-label': `Select ${r.SFCC_Pattern_ID}`,
        ...(locked ? { disabled: '', title: locked } : {}),
      }),
    ),
    el(
      'td',
      'w-14 px-1 py-1',
      {},
      el(
        'span',
        'flex shrink-0 items-center justify-center overflow-hidden rounded border border-gray-200 bg-gray-100 h-10 w-10',
        {},
        icon(
          `h-5 w-5 fill-current text-gray-400 ${r.heroFileId ? 'animate-pulse' : ''}`,
          'M3 4h14v12H3V4zm2 2v6.5l3-3 2.5 2.5L13 9.5l2 2V6H5z',
        ),
      ),
    ),
    el(
      'td',
      'px-3 py-2 whitespace-nowrap',
      {},
      el(
        'a',
        'font-medium text-blue-800 underline-offset-2 hover:underline',
        { href: to },
        r.SFCC_Pattern_ID,
      ),
      el('div', 'mt-1 sm:hidden', { 'data-testid': 'row-status-phone' }, badges(r)),
    ),
    el(
      'td',
      'max-w-[16rem] min-w-[9rem] px-3 py-2',
      {},
      el(
        'a',
        'line-clamp-2 wrap-anywhere text-ink underline-offset-2 hover:underline',
        { href: to },
        r.Pattern_Name,
      ),
    ),
    admin && el('td', 'px-3 py-2 whitespace-nowrap', {}, r.brandName),
    el('td', 'px-3 py-2 whitespace-nowrap', {}, r.Type ?? empty()),
    el('td', 'px-3 py-2 whitespace-nowrap', {}, r.Gender ?? empty()),
    el(
      'td',
      'px-3 py-2 text-right whitespace-nowrap tabular-nums',
      {},
      r.Price === null ? empty() : formatPrice(r.Price),
    ),
    el('td', 'px-3 py-2', {}, badges(r)),
    el(
      'td',
      'px-3 py-2 whitespace-nowrap text-gray-800',
      {},
      el(
        'time',
        'flex flex-col leading-tight',
        { datetime: r.updatedAt },
        el('span', '', {}, formatDate(r.updatedAt)),
        el('span', 'text-xs text-gray-600', {}, formatTime(r.updatedAt)),
      ),
    ),
    el(
      'td',
      `px-3 py-2 text-right ${STICKY_ACTIONS}`,
      {},
      el(
        'button',
        'rounded p-1.5 text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-transparent',
        {
          type: 'button',
          title: locked ?? `Delete ${r.SFCC_Pattern_ID}`,
          'aria-label': `Delete ${r.SFCC_Pattern_ID}`,
          ...(locked ? { disabled: '' } : {}),
        },
        icon(
          'h-4 w-4 fill-current',
          'M7 2h6l1 2h4v2H2V4h4l1-2zm-3 5h12l-1 11H5L4 7zm4 2v7h1.5V9H8zm2.5 0v7H12V9h-1.5z',
        ),
      ),
    ),
  );
}
