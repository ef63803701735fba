import { useEffect, useRef } from 'react';
import { SUPPORT_HOURS } from '../../../../shared/messages';
import { SUPPORT_MSG } from '../../../../shared/contracts/support';

/** After a successful send: the stored message's reference, to quote when calling support. */
export function SentNotice({ id, onDismiss }: { id: number; onDismiss(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  // The form scrolls out of view on a phone; bring the confirmation into view and to screen readers.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    ref.current?.focus();
  }, [id]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      data-testid="support-reference"
      className="flex items-start gap-3 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900 focus:outline-none"
    >
      <svg aria-hidden viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 fill-current">
        <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zm-1.2 12.2L4.9 9.8l1.3-1.3 2.6 2.6 5-5 1.3 1.3z" />
      </svg>
      <div className="flex-1">
        <p className="font-semibold">
          {SUPPORT_MSG.sent} <span className="whitespace-nowrap">{SUPPORT_MSG.reference(id)}</span>
        </p>
        <p className="mt-0.5">
          We reply by e-mail, {SUPPORT_HOURS}. Quote this reference if you call us.
        </p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="rounded p-1 text-green-900 hover:bg-green-100"
        aria-label="Dismiss"
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M5.3 4 10 8.7 14.7 4 16 5.3 11.3 10l4.7 4.7-1.3 1.3L10 11.3 5.3 16 4 14.7 8.7 10 4 5.3z" />
        </svg>
      </button>
    </div>
  );
}
