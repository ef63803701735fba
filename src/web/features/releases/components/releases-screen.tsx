import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RELEASE_STATUS_LABELS, type ReleaseSummary } from '../../../../shared/contracts/releases';
import { toast } from '../../../lib/toast';
import { reportFormError, stateSetError, type FieldErrors } from '../../../lib/form-errors';
import { TextField } from '../../../components/text-field';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { QueryFailed, QueryLoading } from '../../../components/query-states';
import {
  releaseQuery,
  releasesQuery,
  useCancelRelease,
  useCreateRelease,
  useUpdateRelease,
} from '../api/releases';

const FIELDS = ['name', 'publishAt', 'patternIds'] as const;

/** Schedule a release: a name and a time on the publisher's clock; patterns come from My Patterns. */
function CreateRelease() {
  const create = useCreateRelease();
  const [name, setName] = useState('');
  const [publishAt, setPublishAt] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const res = await create.mutateAsync({ name, publishAt, patternIds: [] });
      toast.success(res.message);
      setName('');
      setPublishAt('');
    } catch (err) {
      reportFormError(err, stateSetError(setErrors), { fields: FIELDS });
    }
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <TextField
        label="Name"
        required
        autoComplete="off"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <TextField
        label="Publish at"
        type="datetime-local"
        required
        value={publishAt}
        onChange={(e) => setPublishAt(e.target.value)}
        error={errors.publishAt}
      />
      <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
        {create.isPending && <Spinner />}
        Schedule release
      </Button>
    </form>
  );
}

/** One release: its patterns with their outcome; while scheduled, move it, remove patterns, cancel it. */
function ReleaseDetails({ summary }: { summary: ReleaseSummary }) {
  const detail = useQuery(releaseQuery(summary.id));
  const update = useUpdateRelease();
  const cancel = useCancelRelease();
  const [publishAt, setPublishAt] = useState(summary.publishAtLocal);
  const [errors, setErrors] = useState<FieldErrors>({});
  const scheduled = summary.status === 'scheduled';
  const move = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const res = await update.mutateAsync({ id: summary.id, publishAt });
      toast.success(res.message);
    } catch (err) {
      reportFormError(err, stateSetError(setErrors), { fields: ['publishAt'] });
    }
  };
  if (detail.isPending) return <QueryLoading>Loading the release…</QueryLoading>;
  if (detail.isError)
    return <QueryFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  const patterns = detail.data.data.patterns;
  return (
    <div className="flex flex-col gap-4 pt-3">
      {scheduled && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <form onSubmit={move} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <TextField
              label={`Move ${summary.name} to`}
              type="datetime-local"
              value={publishAt}
              onChange={(e) => setPublishAt(e.target.value)}
              error={errors.publishAt}
            />
            <Button type="submit" variant="secondary" disabled={update.isPending}>
              Move
            </Button>
          </form>
          <Button
            variant="secondary"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(summary.id, { onSuccess: (r) => toast.success(r.message) })
            }
          >
            Cancel release
          </Button>
        </div>
      )}
      {patterns.length === 0 ? (
        <p className="text-sm text-gray-600">
          No patterns yet: select patterns in{' '}
          <Link className="text-blue-800 underline" to="/app/show-records">
            My Patterns
          </Link>{' '}
          and choose Add to release.
        </p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-gray-200"
          aria-label={`Patterns of ${summary.name}`}
        >
          {patterns.map((p) => (
            <li
              key={p.id}
              className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <Link
                  className="font-semibold wrap-anywhere text-blue-800 underline"
                  to={`/app/show-records/${p.id}`}
                >
                  {p.patternId}
                </Link>{' '}
                <span className="wrap-anywhere text-gray-800">{p.name}</span>
                {p.brand && <span className="text-gray-700"> · {p.brand}</span>}
                {p.message && (
                  <p className={p.outcome === 'not_ready' ? 'text-red-800' : 'text-green-800'}>
                    {p.message}
                  </p>
                )}
              </div>
              {scheduled && (
                <Button
                  variant="secondary"
                  aria-label={`Remove ${p.patternId} from ${summary.name}`}
                  disabled={update.isPending}
                  onClick={() =>
                    update.mutate(
                      { id: summary.id, removePatternIds: [p.id] },
                      { onSuccess: (r) => toast.success(r.message) },
                    )
                  }
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /app/releases (admins): schedule releases and follow them (docs/releases.md). */
export function ReleasesScreen() {
  const releases = useQuery(releasesQuery);
  const [open, setOpen] = useState<number | null>(null);
  const list = releases.data?.data ?? [];
  return (
    <div className="flex flex-col gap-8">
      <section
        aria-labelledby="new-release-title"
        className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
      >
        <h2 id="new-release-title" className="text-lg font-semibold text-ink">
          New release
        </h2>
        <CreateRelease />
      </section>
      <section
        aria-labelledby="releases-title"
        className="flex flex-col gap-2 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
      >
        <h2 id="releases-title" className="text-lg font-semibold text-ink">
          Releases
        </h2>
        {releases.isPending ? (
          <QueryLoading>Loading releases…</QueryLoading>
        ) : releases.isError ? (
          <QueryFailed error={releases.error} onRetry={() => void releases.refetch()} />
        ) : list.length === 0 ? (
          <p className="text-sm text-gray-600">No releases yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-200" aria-label="Releases">
            {list.map((r) => (
              <li key={r.id} className="py-3">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0 text-sm">
                    <p className="font-semibold wrap-anywhere text-ink">{r.name}</p>
                    <p className="text-gray-700">
                      {RELEASE_STATUS_LABELS[r.status]} · {r.publishAtLocal.replace('T', ' ')} (
                      {r.timeZone}) · {r.patternCount} patterns
                      {r.status === 'published' &&
                        ` · ${r.published} published, ${r.notReady} not ready`}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    aria-expanded={open === r.id}
                    onClick={() => setOpen(open === r.id ? null : r.id)}
                  >
                    {open === r.id ? 'Hide patterns' : 'Show patterns'}
                  </Button>
                </div>
                {open === r.id && <ReleaseDetails summary={r} />}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
