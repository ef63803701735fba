import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RELEASE_PATHS,
  type ReleaseDetail,
  type ReleaseSummary,
} from '../../../../shared/contracts/releases';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { FORM_MUTATION } from '../../../lib/query-client';
import { toast } from '../../../lib/toast';
import { reportFormError, stateSetError, type FieldErrors } from '../../../lib/form-errors';
import { Modal } from '../../../components/modal';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { QueryFailed, QueryLoading } from '../../../components/query-states';

const NEW = 'new';

/**
 * Add to release (admins, docs/releases.md): the selection joins a scheduled release, or a new one
 * with its name and time. A pattern already in another release is named in the error.
 */
export function AddToReleaseDialog({ ids, onClose }: { ids: number[]; onClose(): void }) {
  const qc = useQueryClient();
  const releases = useQuery({
    queryKey: queryKeys.releases,
    queryFn: () => api<{ data: ReleaseSummary[] }>(RELEASE_PATHS.list),
  });
  const scheduled = (releases.data?.data ?? []).filter((r) => r.status === 'scheduled');
  const [choice, setChoice] = useState<string>('');
  const [name, setName] = useState('');
  const [publishAt, setPublishAt] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: () =>
      choice === NEW || scheduled.length === 0
        ? api<{ message: string; data: ReleaseDetail }>(RELEASE_PATHS.list, {
            method: 'POST',
            body: { name, publishAt, patternIds: ids },
          })
        : api<{ message: string; data: ReleaseDetail }>(RELEASE_PATHS.one(Number(choice)), {
            method: 'PATCH',
            body: { addPatternIds: ids },
          }),
    ...FORM_MUTATION,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.releases });
      void qc.invalidateQueries({ queryKey: ['pattern'] });
    },
  });
  const isNew = choice === NEW || scheduled.length === 0;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    if (!isNew && !choice) return setErrors({ release: 'Choose a release' });
    try {
      const res = await save.mutateAsync();
      toast.success(`${res.message}: ${res.data.name}, ${res.data.patternCount} patterns`);
      onClose();
    } catch (err) {
      reportFormError(err, stateSetError(setErrors), {
        fields: ['name', 'publishAt', 'patternIds'],
      });
    }
  };
  return (
    <Modal
      open
      title={`Add ${ids.length} ${ids.length === 1 ? 'pattern' : 'patterns'} to a release`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="add-to-release"
            disabled={save.isPending || releases.isPending}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending && <Spinner />}
            Add to release
          </Button>
        </>
      }
    >
      {releases.isPending ? (
        <QueryLoading>Loading releases…</QueryLoading>
      ) : releases.isError ? (
        <QueryFailed error={releases.error} onRetry={() => void releases.refetch()} />
      ) : (
        <form id="add-to-release" onSubmit={submit} noValidate className="flex flex-col gap-4">
          {scheduled.length > 0 && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-gray-800">Release</legend>
              {scheduled.map((r) => (
                <label key={r.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="release"
                    value={r.id}
                    checked={choice === String(r.id)}
                    onChange={() => setChoice(String(r.id))}
                  />
                  {r.name} · {r.publishAtLabel} ({r.patternCount} patterns)
                </label>
              ))}
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="release"
                  value={NEW}
                  checked={choice === NEW}
                  onChange={() => setChoice(NEW)}
                />
                New release
              </label>
              {errors.release && (
                <p className="text-sm text-red-800" role="alert">
                  {errors.release}
                </p>
              )}
            </fieldset>
          )}
          {isNew && (
            <div className="grid gap-4 sm:grid-cols-2">
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
            </div>
          )}
          {errors.patternIds && (
            <p className="text-sm text-red-800" role="alert">
              {errors.patternIds}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
