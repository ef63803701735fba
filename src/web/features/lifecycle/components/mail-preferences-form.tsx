import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { toast } from '../../../lib/toast';
import {
  useMailPreferences,
  useReviewRecipients,
  useSaveMailPreferences,
  useSaveReviewRecipients,
} from '../api/mail-preferences';

const card = 'rounded-lg border border-gray-200 bg-white p-4 shadow-sm';

/** My Account: whether this user gets review mails; admins also choose which admins receive "waits for review" mails. */
export function MailPreferencesForm({ isAdmin }: { isAdmin: boolean }) {
  const prefs = useMailPreferences();
  const save = useSaveMailPreferences();
  const [on, setOn] = useState(true);
  useEffect(() => {
    if (prefs.data) setOn(prefs.data.reviewMails);
  }, [prefs.data]);
  return (
    <section aria-labelledby="mail-prefs-heading" className={card}>
      <h2 id="mail-prefs-heading" className="text-lg font-bold text-ink">
        Review mails
      </h2>
      {prefs.isPending ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-sm">
          <Spinner /> Loading…
        </p>
      ) : prefs.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          Failed to fetch
        </p>
      ) : (
        <form
          className="mt-2 flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              { reviewMails: on },
              {
                onSuccess: (r) => toast.success(r.message ?? 'Saved'),
              },
            );
          }}
        >
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4"
              checked={on}
              onChange={(e) => setOn(e.target.checked)}
            />
            <span>
              {isAdmin
                ? 'Mail me when a pattern is sent to review'
                : 'Mail me when changes are requested on my brand’s patterns, and when they are published or unpublished'}
            </span>
          </label>
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              Save mail preferences
            </Button>
          </div>
        </form>
      )}
      {isAdmin && <RecipientsForm />}
    </section>
  );
}

function RecipientsForm() {
  const list = useReviewRecipients(true);
  const save = useSaveReviewRecipients();
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => {
    if (list.data) setChosen(list.data.filter((a) => a.reviewRecipient).map((a) => a.id));
  }, [list.data]);
  if (list.isPending) return null;
  if (list.isError)
    return (
      <p role="alert" className="mt-3 text-sm text-red-800">
        Failed to fetch
      </p>
    );
  return (
    <form
      className="mt-4 border-t border-gray-200 pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(chosen, {
          onSuccess: (r) => toast.success(r.message ?? 'Saved'),
        });
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold">Admins who receive “sent to review” mails</legend>
        <ul className="mt-2 flex flex-col gap-1">
          {list.data.map((a) => (
            <li key={a.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={chosen.includes(a.id)}
                  onChange={(e) =>
                    setChosen((c) =>
                      e.target.checked ? [...c, a.id] : c.filter((x) => x !== a.id),
                    )
                  }
                />
                {a.fullName} <span className="text-gray-600">({a.email})</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <Button type="submit" variant="secondary" className="mt-3" disabled={save.isPending}>
        {save.isPending && <Spinner />}
        Save recipients
      </Button>
    </form>
  );
}
