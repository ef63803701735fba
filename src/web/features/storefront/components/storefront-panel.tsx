import { toast } from '../../../lib/toast';
import { loadErrorMessage } from '../../../lib/error-message';
import { Button } from '../../../components/button';
import { DateTime } from '../../../components/date-time';
import { Spinner } from '../../../components/spinner';
import type { StorefrontTarget } from '../../../../shared/contracts/storefront';
import { useResync, useStorefrontTargets } from '../api/storefront';

const when = (iso: string | null) => (iso ? <DateTime iso={iso} relative /> : '—');
const RUN_LABEL = { running: 'Running', ok: 'OK', error: 'Error' } as const;

/** Salesforce B2C Commerce targets (from the environment, never a secret) with their last runs, and a full resync. */
export function StorefrontPanel() {
  const list = useStorefrontTargets();
  return (
    <section aria-labelledby="storefront-heading" className="flex flex-col gap-4">
      <h2 id="storefront-heading" className="text-xl font-bold text-ink">
        Storefront (Salesforce B2C Commerce)
      </h2>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p className="text-sm text-red-700" role="alert">
          {loadErrorMessage(list.error)}
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {list.data.data.map((t) => (
            <TargetCard key={t.name} target={t} />
          ))}
        </div>
      )}
    </section>
  );
}

export function TargetCard({ target: t }: { target: StorefrontTarget }) {
  const resync = useResync();
  const title = t.name === 'production' ? 'Production' : 'Staging';
  const last = t.runs[0];
  const addressId = `storefront-${t.name}-address`;
  return (
    <article className="flex min-w-0 flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-ink">{title}</h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${t.enabled ? 'bg-green-100 text-green-900' : 'bg-gray-100 text-gray-700'}`}
        >
          {t.enabled ? 'On' : 'Off: not configured'}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-600">Instance</dt>
        <dd className="break-all">
          <span aria-describedby={t.addressProblem ? addressId : undefined}>{t.url ?? '—'}</span>
          {t.addressProblem ? (
            <span id={addressId} role="alert" className="mt-1 block wrap-anywhere text-red-800">
              {t.addressProblem}
            </span>
          ) : null}
        </dd>
        <dt className="text-gray-600">API client</dt>
        <dd className="break-all">
          {t.clientId ?? '—'} {t.hasClientSecret ? '(secret set)' : ''}
        </dd>
        <dt className="text-gray-600">WebDAV</dt>
        <dd className="break-all">
          {t.webdavUser
            ? `${t.webdavUser} ${t.hasWebdavKey ? '(access key set)' : '(no access key: the API client is used)'}`
            : 'the API client'}
        </dd>
        <dt className="text-gray-600">Catalog</dt>
        <dd className="break-all">{t.catalogId}</dd>
        <dt className="text-gray-600">Price book</dt>
        <dd className="break-all">
          {t.pricebookId} ({t.currency})
        </dd>
        <dt className="text-gray-600">Waiting</dt>
        <dd>{t.pending} patterns</dd>
      </dl>
      {last?.status === 'error' && last.message ? (
        <p role="alert" className="rounded bg-red-50 p-2 text-sm wrap-anywhere text-red-900">
          Last delivery failed: {last.message}
        </p>
      ) : null}
      {t.runs.length === 0 ? (
        <p className="text-sm text-gray-600">No runs yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-200 text-sm">
          {t.runs.map((r) => (
            <li key={r.id} className="flex flex-col py-1">
              <span>
                <strong>{RUN_LABEL[r.status]}</strong> · {r.products} patterns ·{' '}
                {when(r.finishedAt ?? r.startedAt)}
              </span>
              {r.message && r.status !== 'ok' ? (
                <span className="wrap-anywhere text-red-800">{r.message}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {t.enabled ? (
        <Button
          variant="secondary"
          className="self-start"
          disabled={resync.isPending}
          onClick={() =>
            resync.mutate(t.name, {
              onSuccess: (r) => toast.success(r.message),
            })
          }
        >
          Resync all to {title.toLowerCase()}
        </Button>
      ) : null}
    </article>
  );
}
