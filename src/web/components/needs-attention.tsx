import { Link } from 'react-router';
import { ATTENTION_LABELS, type Attention } from '../../shared/contracts/lifecycle';
import { MSG } from '../../shared/messages';
import { Button } from './button';
import { DateTime } from './date-time';
import { Spinner } from './spinner';
import { CHANGES_REQUESTED_URL, useAttention } from './attention-link';

const BADGE = {
  changes_requested: 'bg-amber-100 text-amber-900',
  unpublished: 'bg-gray-100 text-gray-800',
  storefront_failed: 'bg-red-100 text-red-900',
} as const;

/** The summary after the changes-requested link: "1 unpublished · 2 failed on the storefront". */
const others = (a: Attention) =>
  [
    a.unpublished > 0 ? `${a.unpublished} unpublished` : '',
    a.storefrontFailed > 0 ? `${a.storefrontFailed} failed on the storefront` : '',
  ].filter(Boolean);

/**
 * The dashboard's "Needs your attention" (partners, issue 34): patterns sent back, unpublished,
 * or whose storefront import failed (with what failed), each with when.
 */
export function NeedsAttention() {
  const query = useAttention();
  return (
    <section
      aria-labelledby="attention-heading"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
      data-testid="needs-attention"
    >
      <h2 id="attention-heading" className="text-xl font-bold text-ink">
        Needs your attention
      </h2>
      {query.isPending ? (
        <p className="mt-3 flex items-center gap-2 text-sm" role="status">
          <Spinner /> Loading…
        </p>
      ) : query.isError ? (
        <div role="alert" className="mt-3 text-sm text-red-900">
          <p>{query.error.message || MSG.fetchFailed}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.patterns.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">
          Nothing waits for you: no pattern was sent back, unpublished or refused by the storefront.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-700">
            {query.data.changesRequested > 0 && (
              <Link to={CHANGES_REQUESTED_URL} className="font-semibold underline">
                {query.data.changesRequested} with changes requested
              </Link>
            )}
            {query.data.changesRequested > 0 && others(query.data).length > 0 && ' · '}
            {others(query.data).join(' · ')}
          </p>
          <ul className="mt-3 divide-y divide-gray-100">
            {query.data.patterns.map((p) => (
              <li
                key={`${p.ID}-${p.reason}`}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
              >
                <Link to={`/app/show-records/${p.ID}`} className="min-w-0 font-semibold underline">
                  <span className="wrap-anywhere">
                    {p.SFCC_Pattern_ID} · {p.Pattern_Name}
                  </span>
                </Link>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[p.reason]}`}
                >
                  {ATTENTION_LABELS[p.reason]}
                </span>
                <span className="text-xs text-gray-600">
                  <DateTime iso={p.at} relative />
                </span>
                {p.detail && (
                  <span className="w-full wrap-anywhere text-xs text-red-900">{p.detail}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
