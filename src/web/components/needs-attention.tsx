import { Link } from 'react-router';
import { ATTENTION_LABELS } from '../../shared/contracts/review';
import { MSG } from '../../shared/messages';
import { Button } from './button';
import { Spinner } from './spinner';
import { CHANGES_REQUESTED_URL, useAttention } from './attention-link';

/** The dashboard's "Needs your attention" (partners, issue 34): patterns sent back or unpublished. */
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
          Nothing waits for you: no pattern was sent back or unpublished.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-700">
            {query.data.changesRequested > 0 && (
              <Link to={CHANGES_REQUESTED_URL} className="font-semibold underline">
                {query.data.changesRequested} with changes requested
              </Link>
            )}
            {query.data.changesRequested > 0 && query.data.unpublished > 0 && ' · '}
            {query.data.unpublished > 0 && `${query.data.unpublished} unpublished`}
          </p>
          <ul className="mt-3 divide-y divide-gray-100">
            {query.data.patterns.map((p) => (
              <li key={p.ID} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <Link to={`/app/show-records/${p.ID}`} className="min-w-0 font-semibold underline">
                  <span className="break-words">
                    {p.SFCC_Pattern_ID} · {p.Pattern_Name}
                  </span>
                </Link>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${p.reason === 'unpublished' ? 'bg-gray-100 text-gray-800' : 'bg-amber-100 text-amber-900'}`}
                >
                  {ATTENTION_LABELS[p.reason]}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
