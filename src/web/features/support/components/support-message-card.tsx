import type { SupportMessage } from '../../../../shared/contracts/support';
import { SUPPORT_LABELS as L } from '../../../../shared/contracts/support';
import { Button } from '../../../components/button';
import { DateTime } from '../../../components/date-time';
import { Spinner } from '../../../components/spinner';

interface Props {
  message: SupportMessage;
  busy: boolean;
  onMark(handled: boolean): void;
}

/** One support message in the admins' inbox: who wrote, how to answer, and whether it is handled. */
export function SupportMessageCard({ message: m, busy, onMark }: Props) {
  const handled = m.handledAt !== null;
  const reply = `mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(`Re: ${m.subject} [Support #${m.id}]`)}`;
  return (
    <article
      aria-labelledby={`support-${m.id}-subject`}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`support-${m.id}-subject`} className="font-semibold wrap-anywhere text-ink">
            {m.subject}
          </h3>
          <p className="mt-0.5 text-xs text-gray-600">
            #{m.id} · <DateTime iso={m.createdAt} relative />
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${handled ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}
        >
          {handled ? 'Handled' : 'Open'}
        </span>
      </header>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-1">
          <dt className="text-gray-600">From:</dt>
          <dd className="min-w-0 wrap-anywhere">{m.fullName}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-gray-600">{L.Brand_Company}:</dt>
          <dd className="min-w-0 wrap-anywhere">
            {m.Brand_Company}
            {m.brandName && m.brandName !== m.Brand_Company && (
              <span className="text-gray-600"> (account: {m.brandName})</span>
            )}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-gray-600">{L.email}:</dt>
          <dd className="min-w-0 break-all">
            <a href={`mailto:${m.email}`} className="text-blue-800 hover:underline">
              {m.email}
            </a>
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-gray-600">{L.phoneNumber}:</dt>
          <dd>
            <a
              href={`tel:${m.phoneNumber.replace(/[^+\d]/g, '')}`}
              className="text-blue-800 hover:underline"
            >
              {m.phoneNumber}
            </a>
            {m.country && <span className="text-gray-600"> · {m.country}</span>}
          </dd>
        </div>
      </dl>
      <p
        className={`mt-3 text-sm wrap-anywhere whitespace-pre-wrap ${m.message ? 'text-gray-900' : 'text-gray-500 italic'}`}
      >
        {m.message ?? 'No message.'}
      </p>
      <footer className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-3">
        <p className="text-xs text-gray-600">
          {handled && m.handledAt ? (
            <>
              Handled <DateTime iso={m.handledAt} relative />
              {m.handledByName ? ` by ${m.handledByName}` : ''}
            </>
          ) : (
            'Not handled yet'
          )}
        </p>
        <div className="flex gap-2">
          <a
            href={reply}
            className="inline-flex items-center rounded-md border border-gray-300 px-3 py-1.5 text-sm font-semibold text-ink hover:bg-gray-100"
          >
            Reply
          </a>
          <Button
            variant={handled ? 'secondary' : 'primary'}
            disabled={busy}
            onClick={() => onMark(!handled)}
            className="px-3 py-1.5"
          >
            {busy && <Spinner />}
            {handled ? 'Mark as open' : 'Mark handled'}
          </Button>
        </div>
      </footer>
    </article>
  );
}
