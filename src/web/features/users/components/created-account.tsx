import { ROLE_OPTIONS } from '../../../../shared/options';
import type { SessionUser } from '../../../../shared/contracts/auth';
import { Button } from '../../../components/button';
import { copyToClipboard } from '../copy-to-clipboard';

interface Props {
  user: SessionUser;
  password: string;
  onCreateNew(): void;
}

/**
 * The new account's details after signup (spec section 2), each with a copy button, so the admin
 * can pass them on. The password is shown once, here only: the server never answers it.
 */
export function CreatedAccount({ user, password, onCreateNew }: Props) {
  const rows: [string, string][] = [
    ['Full Name', user.fullName],
    ['Role', ROLE_OPTIONS.find((o) => o.value === user.role)?.name ?? user.role],
    ['Email', user.email],
    ['Brand', user.brand?.name ?? '—'],
    ['Password', password],
  ];
  const all = rows.map(([k, v]) => `${k}: ${v}`).join('\n');
  return (
    <section aria-labelledby="created-title" className="flex flex-col gap-5">
      <div
        className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
        role="status"
      >
        <h2 id="created-title" className="font-semibold">
          Account created
        </h2>
        <p>Pass these details on to the new user; the password is not shown again.</p>
      </div>
      <dl className="divide-y divide-gray-100 rounded-lg border border-gray-200">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
            <dt className="w-28 shrink-0 text-sm font-medium text-gray-600">{label}</dt>
            <dd
              className="min-w-0 flex-1 font-mono text-sm break-all text-ink"
              data-testid={`created-${label.toLowerCase().replace(' ', '-')}`}
            >
              {value}
            </dd>
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              onClick={() => void copyToClipboard(value)}
              aria-label={`Copy ${label}`}
            >
              Copy
            </Button>
          </div>
        ))}
      </dl>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => void copyToClipboard(all)}>
          Copy all details
        </Button>
        <Button onClick={onCreateNew}>Create New Account</Button>
      </div>
    </section>
  );
}
