import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type {
  PatternListQuery,
  PatternListResponse,
  PatternListRow,
} from '../../../shared/contracts/pattern-list';
import { readListQuery } from '../../../shared/contracts/pattern-list-query';
import { drawFirstRows, LIST_VIEW_KEY } from './first-rows';
import { firstScreenShown } from '../../lib/first-screen';
import { PatternsTable } from './components/patterns-table';

const row = (id: number, over: Partial<PatternListRow> = {}): PatternListRow => ({
  ID: id,
  SFCC_Pattern_ID: `PP-${id}`,
  Pattern_Name: `Wrap Dress ${id}`,
  Brand: 2,
  brandName: 'Ditto',
  Type: 'Women Patterns',
  Gender: null,
  Price: 1234.5,
  Fabric_type: null,
  Is_Printable: null,
  SFCC_Status: 'draft',
  editStatus: null,
  IS_SFCC_TESTING: true,
  updatedAt: '2026-11-26T12:05:00.000Z',
  heroFileId: null,
  ...over,
});

const ROWS = [
  row(3, { Pattern_Name: '<img src=x onerror="window.hacked=1"> Coat', heroFileId: 9 }),
  row(2, { SFCC_Status: 'published', editStatus: 'in_review', storefront: 'live' }),
  row(1, { Type: null, Price: null, SFCC_Status: 'changes_requested' }),
];
const answer = (rows = ROWS): PatternListResponse => ({
  data: rows,
  totalCountData: 40,
  page: 1,
  pageSize: 25,
});
const query = (search = ''): PatternListQuery =>
  readListQuery(Object.fromEntries(new URLSearchParams(search)));
const firstRows = () => document.getElementById('first-rows');

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  localStorage.clear();
  delete document.documentElement.dataset.firstRows;
  delete document.documentElement.dataset.firstRowsGone;
});
afterEach(() => {
  document.body.innerHTML = '';
});

/** What a person (or a screen reader) reads in each row and header cell, and each control's name. */
const reading = (table: Element) => ({
  headers: [...table.querySelectorAll('thead th')].map((th) => [
    th.textContent,
    th.getAttribute('aria-sort'),
  ]),
  rows: [...table.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.children].map((td) => td.textContent),
  ),
  controls: [...table.querySelectorAll('input, button, a')].map((c) => [
    c.tagName,
    c.getAttribute('aria-label') ?? c.textContent,
    c.hasAttribute('disabled'),
    c.getAttribute('title'),
    c.getAttribute('href'),
  ]),
  classes: [...table.querySelectorAll('tr, td, th, table, a, button, input, span')].map((c) =>
    (c.getAttribute('class') ?? '').split(/\s+/).filter(Boolean).join(' '),
  ),
});

describe('My Patterns’ first rows (drawn by boot.ts before the app: ADR 016)', () => {
  it.each([
    ['an admin', true, ''],
    ['a brand’s user', false, '?sort=Price&dir=asc'],
  ])('read as the app’s own table does, for %s', (_who, admin, search) => {
    expect(drawFirstRows(answer(), query(search), admin)).toBe(true);
    const drawn = firstRows()!.querySelector('[aria-label="Patterns"]')!;
    const q = query(search);
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <PatternsTable
            rows={ROWS}
            showBrand={admin}
            sort={q.sort}
            dir={q.dir}
            onSort={() => undefined}
            selected={new Set()}
            lockedReason={(r) =>
              !admin && r.SFCC_Status === 'published'
                ? 'A published pattern cannot be deleted. Ask an admin to delete it.'
                : undefined
            }
            onToggle={() => undefined}
            onToggleAll={() => undefined}
            onDelete={() => undefined}
            skeletonRows={25}
            refreshing={false}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const app = container.querySelector('[aria-label="Patterns"]')!;
    expect(reading(drawn)).toEqual(reading(app));
    // The brand column is the admin's only.
    expect(drawn.querySelectorAll('thead th').length).toBe(admin ? 11 : 10);
  });

  it('writes a name that looks like markup as text', () => {
    drawFirstRows(answer(), query(), true);
    expect(firstRows()!.querySelector('img')).toBeNull();
    expect(firstRows()!.textContent).toContain('<img src=x onerror="window.hacked=1"> Coat');
  });

  it('hides the app’s root while shown, and gives way for good once the app has drawn', () => {
    drawFirstRows(answer(), query(), true);
    expect(document.documentElement.dataset.firstRows).toBe('');
    firstScreenShown(); // the app's screen is rendered
    expect(firstRows()).toBeNull();
    expect(document.documentElement.dataset.firstRows).toBeUndefined();
    // An answer that comes after the app has drawn its screen is the app's alone.
    expect(drawFirstRows(answer(), query(), true)).toBe(false);
    expect(firstRows()).toBeNull();
  });

  it.each([
    ['the grid view', () => localStorage.setItem(LIST_VIEW_KEY, 'grid'), ''],
    ['a brand filter (its name is not in the answer)', () => undefined, '?brand=2'],
    ['the published versions', () => undefined, '?version=published'],
  ])('is not drawn for %s', (_what, arrange, search) => {
    arrange();
    expect(drawFirstRows(answer(), query(search), true)).toBe(false);
    expect(firstRows()).toBeNull();
  });

  it('is not drawn for an empty page (the app says why it is empty)', () => {
    expect(drawFirstRows({ ...answer([]), totalCountData: 0 }, query(), true)).toBe(false);
  });

  it('shows the search and the filters set, closed', () => {
    drawFirstRows(answer(), query('?search=wrap&status=published&type=Kids+Patterns'), false);
    const page = firstRows()!;
    expect(page.querySelector<HTMLInputElement>('input[type=search]')!.value).toBe('wrap');
    expect(page.querySelector('[aria-label="Status: Published"]')).not.toBeNull();
    expect(page.querySelector('[aria-label="Pattern Type: Kids Patterns"]')).not.toBeNull();
    expect(page.textContent).toContain('Clear filters');
    expect(page.querySelector('[aria-label="Brand: All brands"]')).toBeNull();
  });

  it('leaves a control’s click to the app, but a link leads where the app’s does', () => {
    drawFirstRows(answer(), query(), true);
    const page = firstRows()!;
    const box = page.querySelector<HTMLInputElement>('input[aria-label="Select PP-3"]')!;
    box.click();
    expect(box.checked).toBe(false);
    const link = page.querySelector('a[href="/app/show-records/3"]')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });
});
