import type { UserListItem } from '../../../../shared/contracts/users';
import { ROLE_OPTIONS } from '../../../../shared/options';
import { StatusButton } from './status-button';
import { ResetTwoFactorButton } from './reset-two-factor-button';

const roleName = (role: string) => ROLE_OPTIONS.find((o) => o.value === role)?.name ?? role;

function StatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
      Disabled
    </span>
  ) : (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
      Active
    </span>
  );
}

/** A table from 900 px up; below, one card per account (a table would scroll sideways on a phone). */
export function UsersTable({ rows, selfId }: { rows: UserListItem[]; selfId: number }) {
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">Accounts</caption>
        <thead className="border-b border-gray-200 text-xs tracking-wide text-gray-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Name
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Email
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Role
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Brand
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Status
            </th>
            <th scope="col" className="py-2 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((u) => (
            <tr key={u.id} className={u.disabled ? 'text-gray-500' : ''}>
              <td className="py-2.5 pr-3 font-medium text-ink">{u.fullName}</td>
              <td className="py-2.5 pr-3 break-all">{u.email}</td>
              <td className="py-2.5 pr-3">{roleName(u.role)}</td>
              <td className="py-2.5 pr-3">{u.brand?.name ?? '—'}</td>
              <td className="py-2.5 pr-3">
                <StatusBadge disabled={u.disabled} />
              </td>
              <td className="py-2.5 text-right">
                <div className="flex justify-end gap-2">
                  <ResetTwoFactorButton user={u} />
                  <StatusButton user={u} isSelf={u.id === selfId} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Accounts">
        {rows.map((u) => (
          <li key={u.id} className="rounded-lg border border-gray-200 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold wrap-anywhere text-ink">{u.fullName}</p>
                <p className="text-sm break-all text-gray-700">{u.email}</p>
                <p className="mt-1 text-xs text-gray-600">
                  {roleName(u.role)} · {u.brand?.name ?? 'No brand'}
                </p>
              </div>
              <StatusBadge disabled={u.disabled} />
            </div>
            <div className="mt-3 flex justify-end gap-2">
              <ResetTwoFactorButton user={u} />
              <StatusButton user={u} isSelf={u.id === selfId} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
