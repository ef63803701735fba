import { SUPPORT_HOURS, SUPPORT_PHONE } from '../../../../shared/messages';

/** The phone line and support hours beside the form (spec section 1: 'a phone line on weekdays 9:00 AM-5:00 PM EST'). */
export function SupportContactCard() {
  return (
    <aside
      aria-labelledby="support-phone-heading"
      className="rounded-xl bg-ink p-5 text-gray-200 shadow-sm sm:p-6"
    >
      <h2 id="support-phone-heading" className="text-base font-bold text-white">
        Prefer to talk?
      </h2>
      <p className="mt-1 text-sm text-gray-300">Call our support line:</p>
      <p className="mt-3">
        <a
          href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`}
          className="text-xl font-bold whitespace-nowrap text-brand hover:underline"
        >
          {SUPPORT_PHONE}
        </a>
      </p>
      <dl className="mt-4 text-sm">
        <dt className="font-semibold text-white">Support hours</dt>
        <dd className="mt-0.5 text-gray-300">{SUPPORT_HOURS}</dd>
      </dl>
      <p className="mt-4 hidden text-sm text-gray-300 md:block">
        Messages sent with this form reach the support team by e-mail; replies go to the address you
        give.
      </p>
    </aside>
  );
}
