import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { PatternListRow } from '../../../../shared/contracts/pattern-list';
import { DELETE_MSG } from '../../../../shared/contracts/pattern-list-paths';
import { useAuth } from '../../../lib/auth';
import { firstScreenShown, loadAfterFirstScreen } from '../../../lib/first-screen';
import { toast, toastMovedToTrash } from '../../../lib/toast';
import { usePatternList } from '../api/get-patterns';
import { useDeletePatterns } from '../api/delete-patterns';
import { useUndoDelete } from '../api/undo-delete';
import { useExportPatterns } from '../api/export-patterns';
import { useBrandList } from '../../../lib/brand-list';
import { useListParams, type FilterPatch } from '../hooks/use-list-params';
import { ListFilterBar } from './list-filter-bar';
import { ListActions } from './list-actions';
import { PatternsTable } from './patterns-table';
import { PatternsGrid } from './patterns-grid';
import { useListView, ViewToggle } from './view-toggle';
import { ListPagination } from './list-pagination';
import { ListError, NoPatternsMatch, NoPatternsYet } from './list-states';
import { loadErrorMessage } from '../../../lib/error-message';
import { ImportEntry } from '../../../components/import-entry';
import { GridSort } from './grid-sort';
import { BulkBarPlaceholder } from './bulk-bar-placeholder';

// The confirm dialog (Headless UI) is not part of the first load: fetched once the rows are on screen.
const loadDeleteDialog = () => import('./delete-dialog');
const DeleteDialog = lazy(() => loadDeleteDialog().then((m) => ({ default: m.DeleteDialog })));
// The bulk bar comes once the first rows are painted (lib/first-screen.ts); its look stands in.
const loadBulkBar = loadAfterFirstScreen(() => import('./bulk-bar'));
const BulkBar = lazy(() => loadBulkBar().then((m) => ({ default: m.BulkBar })));

/** My Patterns: the table of patterns the user may see, its filters, paging, selection, delete, bulk actions and CSV download. */
export function PatternListScreen() {
  const { isAdmin } = useAuth();
  const params = useListParams();
  const { query } = params;
  const list = usePatternList(query);
  const brands = useBrandList(isAdmin);
  const remove = useDeletePatterns();
  const undo = useUndoDelete();
  const download = useExportPatterns();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pending, setPending] = useState<PatternListRow[] | null>(null);
  const [view, setView] = useListView();

  const data = list.data;
  const rows = data?.data;
  const shown = Boolean(rows);
  useEffect(() => {
    if (shown) void loadDeleteDialog();
  }, [shown]);
  // The rows, the empty state or the error are the first screen: what waits for it may load now.
  const settled = shown || list.isError;
  useLayoutEffect(() => {
    if (settled) firstScreenShown();
  }, [settled]);
  const lockedReason = (row: PatternListRow) =>
    !isAdmin && row.SFCC_Status === 'published' ? DELETE_MSG.publishedOne : undefined;

  // A selection is of the rows on screen: rows that left the page leave the selection.
  const rowIds = useMemo(() => new Set((rows ?? []).map((r) => r.ID)), [rows]);
  useEffect(
    () =>
      setSelected((s) =>
        [...s].every((id) => rowIds.has(id)) ? s : new Set([...s].filter((id) => rowIds.has(id))),
      ),
    [rowIds],
  );

  // A page past the end (after deleting the last rows of the last page, or an old link): show the last page.
  useEffect(() => {
    if (
      !list.isPlaceholderData &&
      data &&
      data.data.length === 0 &&
      data.totalCountData > 0 &&
      query.page > 1
    ) {
      params.replacePage(Math.ceil(data.totalCountData / query.pageSize));
    }
  }, [data, list.isPlaceholderData, query.page, query.pageSize, params]);

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = (on: boolean) =>
    setSelected(
      on ? new Set((rows ?? []).filter((r) => !lockedReason(r)).map((r) => r.ID)) : new Set(),
    );

  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(
      pending.map((r) => r.ID),
      {
        onSuccess: (res) => {
          // Deleted patterns wait in the Trash: Undo brings them back at once.
          // A delete while the last one's toast shows joins it: one Undo for all (issue 48).
          toastMovedToTrash(res.deleted, (ids) =>
            undo.mutate(ids, { onSuccess: (r) => toast.success(r.message) }),
          );
          setSelected(new Set());
          setPending(null);
        },
        // The toast comes from the mutation cache (lib/query-client.ts).
        onError: () => setPending(null),
      },
    );
  };
  const startDownload = () =>
    download.mutate({
      search: query.search,
      brand: query.brand,
      status: query.status,
      type: query.type,
      fabric: query.fabric,
      printable: query.printable,
      sort: query.sort,
      dir: query.dir,
    });

  const empty = data && data.totalCountData === 0;
  const filterProps = {
    filter: query,
    onChange: (patch: FilterPatch) => params.setFilter(patch),
    brands: isAdmin ? (brands.data?.data ?? []) : undefined,
  };
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:gap-5 sm:px-6 sm:py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">My Patterns</h1>
          <p className="text-sm text-gray-700">
            {isAdmin ? 'Patterns of every brand.' : 'The patterns of your brand.'}
          </p>
        </div>
        {/* On a phone the actions are compact, so they take two short lines (issue 48 item 10). */}
        <div className="flex flex-wrap items-center gap-2 sm:gap-3">
          <ViewToggle view={view} onChange={setView} />
          <ImportEntry />
          <Link
            to="/app/trash"
            className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink shadow-sm hover:bg-gray-100 sm:px-4 sm:py-2"
          >
            Trash
          </Link>
          <Link
            to="/app/add-record"
            className="rounded-md bg-brand px-3 py-1.5 text-sm font-semibold text-ink shadow-sm hover:bg-brand-dark sm:px-4 sm:py-2"
          >
            Add new pattern
          </Link>
        </div>
      </div>

      <ListFilterBar
        {...filterProps}
        onSearch={(search, refine) =>
          params.setFilter({ search: search || undefined }, { replace: refine })
        }
      />

      <ListActions
        selectedCount={selected.size}
        onDeleteSelected={() => setPending((rows ?? []).filter((r) => selected.has(r.ID)))}
        onClearSelection={() => setSelected(new Set())}
        onDownload={startDownload}
        downloading={download.isPending}
        nothingToDownload={Boolean(empty)}
        // When nothing matches, the empty state below offers the same button.
        onClearFilters={params.hasFilters && !empty ? params.clearFilters : undefined}
      />

      {data && data.totalCountData > 0 && (
        <Suspense
          fallback={
            <BulkBarPlaceholder
              total={data.totalCountData}
              morePages={data.totalCountData > data.data.length}
              onSelectPage={() => toggleAll(true)}
            />
          }
        >
          <BulkBar
            selectedIds={[...selected]}
            query={query}
            total={data.totalCountData}
            morePages={data.totalCountData > data.data.length}
            isAdmin={isAdmin}
            onSelectPage={() => toggleAll(true)}
            onClearSelection={() => setSelected(new Set())}
          />
        </Suspense>
      )}

      {list.isError && !data ? (
        <ListError
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : empty && !params.hasFilters ? (
        <NoPatternsYet />
      ) : empty ? (
        <NoPatternsMatch onClear={params.clearFilters} />
      ) : (
        <>
          {list.isError && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
              {loadErrorMessage(list.error)}{' '}
              <button
                type="button"
                className="font-semibold underline"
                onClick={() => void list.refetch()}
              >
                Try again
              </button>
            </p>
          )}
          {view === 'grid' ? (
            <>
              <GridSort
                sort={query.sort}
                dir={query.dir}
                showBrand={isAdmin}
                onSort={params.setSort}
              />
              <PatternsGrid
                rows={rows}
                showBrand={isAdmin}
                refreshing={list.isPlaceholderData && list.isFetching}
              />
            </>
          ) : (
            <PatternsTable
              rows={rows}
              showBrand={isAdmin}
              sort={query.sort}
              dir={query.dir}
              onSort={params.setSort}
              selected={selected}
              lockedReason={lockedReason}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onDelete={(row) => setPending([row])}
              skeletonRows={query.pageSize > 25 ? 25 : query.pageSize}
              refreshing={list.isPlaceholderData && list.isFetching}
            />
          )}
          {data && (
            <ListPagination
              // The page the rows on screen belong to: while the next one loads, the previous stays consistent.
              page={data.page}
              pageSize={data.pageSize}
              total={data.totalCountData}
              capped={data.totalCapped}
              shown={data.data.length}
              onPageSize={params.setPageSize}
              onPage={(page, anchor) => {
                const edge =
                  anchor === 'next'
                    ? rows?.[rows.length - 1]
                    : anchor === 'previous'
                      ? rows?.[0]
                      : undefined;
                params.setPage(
                  page,
                  edge ? (anchor === 'next' ? { after: edge.ID } : { before: edge.ID }) : undefined,
                );
              }}
            />
          )}
        </>
      )}

      {pending && (
        <Suspense fallback={null}>
          <DeleteDialog
            codes={pending.map((r) => r.SFCC_Pattern_ID)}
            busy={remove.isPending}
            onConfirm={confirmDelete}
            onClose={() => setPending(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
