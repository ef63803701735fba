import { useCallback, useState } from 'react';
import { ROLES, type Option, type Role } from '../../../../shared/options';
import { LIMITS } from '../../../../shared/limits';
import { useAuth } from '../../../lib/auth';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useUserList } from '../api/list-users';
import { ALL, NO_FILTER, UsersFilters, type UserFilterValues } from './users-filters';
import { UsersTable } from './users-table';
import { Pager } from '../../../components/pager';
import { loadErrorMessage } from '../../../lib/error-message';

/** Admins: every account, paged, searchable and filtered, with disable and enable. */
export function UsersAdmin({ brandOptions }: { brandOptions: Option[] }) {
  const { user } = useAuth();
  const [filter, setFilter] = useState<UserFilterValues>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(LIMITS.pageSizes[0]);
  const query = {
    page,
    pageSize,
    search: filter.search.trim() || undefined,
    brandId: filter.brandId && filter.brandId !== ALL ? Number(filter.brandId) : undefined,
    role:
      filter.role && (ROLES as readonly string[]).includes(filter.role)
        ? (filter.role as Role)
        : undefined,
  };
  const list = useUserList(query);
  const onFilter = useCallback((next: UserFilterValues) => {
    setFilter(next);
    setPage(1);
  }, []);

  const rows = list.data?.data ?? [];
  const total = list.data?.totalCountData ?? 0;
  return (
    <section
      aria-labelledby="users-title"
      className="flex flex-col gap-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex items-center gap-3">
        <h2 id="users-title" className="text-lg font-semibold text-ink">
          Users
        </h2>
        {list.isFetching && <Spinner className="h-4 w-4 text-gray-500" />}
      </div>
      <UsersFilters value={filter} onChange={onFilter} brandOptions={brandOptions} />
      {list.isError ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-3 text-sm text-red-800"
        >
          The users could not be loaded: {loadErrorMessage(list.error)}{' '}
          <Button
            variant="secondary"
            className="ml-2 px-3 py-1"
            onClick={() => void list.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : list.isLoading ? (
        <p className="py-6 text-center text-sm text-gray-600" role="status">
          Loading users…
        </p>
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-gray-600">
          {filter === NO_FILTER ? 'No accounts yet.' : 'No account matches these filters.'}
        </p>
      ) : (
        <div className={list.isPlaceholderData ? 'opacity-60' : ''}>
          <UsersTable rows={rows} selfId={user?.id ?? 0} />
        </div>
      )}
      <Pager
        label="Users pages"
        page={page}
        pageSize={pageSize}
        total={total}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </section>
  );
}
