import { useId, useState } from 'react';
import { REVIEW_LIMITS, type ReviewState } from '../../../../shared/contracts/lifecycle';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { inputClass, TextArea } from '../../../components/text-field';
import { reportFormError, stateSetError, type FieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useRequestChanges } from '../api/request-changes';

interface Draft {
  key: number;
  target: string; // `${type}:${key}`
  text: string;
}

/** Admin: send a pattern in review back with a reason (required) and notes on single fields, files or sizes. */
export function RequestChangesDialog({
  patternId,
  targets,
  open,
  onClose,
}: {
  patternId: number;
  targets: ReviewState['targets'];
  open: boolean;
  onClose(): void;
}) {
  const mutation = useRequestChanges(patternId);
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState<Draft[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [seq, setSeq] = useState(1);
  const base = useId();

  const close = () => {
    if (mutation.isPending) return;
    setErrors({});
    onClose();
  };
  const submit = () => {
    const local: Record<string, string> = {};
    if (!reason.trim()) local.reason = 'Reason is required';
    notes.forEach((n, i) => {
      if (!n.target) local[`notes.${i}.targetKey`] = 'Choose what the note is about';
      if (!n.text.trim()) local[`notes.${i}.text`] = 'Note is required';
    });
    setErrors(local);
    if (Object.keys(local).length) return;
    const body = {
      reason,
      notes: notes.map((n) => {
        const [targetType, ...rest] = n.target.split(':');
        return {
          targetType: targetType as 'field' | 'file' | 'size',
          targetKey: rest.join(':'),
          text: n.text,
        };
      }),
    };
    mutation.mutate(body, {
      onSuccess: (res) => {
        toast.success(res.message);
        setReason('');
        setNotes([]);
        onClose();
      },
      // The reason and each note's inputs by the server's names (`notes.0.text`), the rest in the toast.
      onError: (err) =>
        reportFormError(err, stateSetError(setErrors), {
          fields: (name) => name === 'reason' || /^notes\.\d+\.(targetKey|text)$/.test(name),
          fallback: 'Failed to request changes',
        }),
    });
  };
  // An error goes as soon as its field is valid, as in the forms built with React Hook Form.
  const clearError = (name: string) =>
    setErrors((es) => {
      if (!(name in es)) return es;
      const { [name]: _gone, ...rest } = es;
      return rest;
    });
  const update = (key: number, patch: Partial<Draft>) => {
    const i = notes.findIndex((n) => n.key === key);
    if (patch.target) clearError(`notes.${i}.targetKey`);
    if (patch.text?.trim()) clearError(`notes.${i}.text`);
    setNotes((ns) => ns.map((n) => (n.key === key ? { ...n, ...patch } : n)));
  };

  return (
    <Modal
      open={open}
      title="Request changes"
      onClose={close}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={mutation.isPending}>
            {mutation.isPending && <Spinner />}
            Request changes
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <TextArea
          label="Reason"
          required
          value={reason}
          maxLength={REVIEW_LIMITS.reasonMax}
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim()) clearError('reason');
          }}
          error={errors.reason}
          hint="The brand sees it at the top of the pattern and in the mail."
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-medium text-gray-800">
            Notes on single fields, files or sizes (optional)
          </legend>
          {notes.map((n, i) => (
            <div
              key={n.key}
              className="grid gap-2 rounded-md border border-gray-200 p-2 sm:grid-cols-[14rem_1fr_auto] sm:items-start"
            >
              <div className="flex flex-col gap-1">
                <label htmlFor={`${base}-t${n.key}`} className="text-xs font-medium text-gray-700">
                  Note {i + 1} is about
                </label>
                <select
                  id={`${base}-t${n.key}`}
                  className={inputClass(errors[`notes.${i}.targetKey`])}
                  value={n.target}
                  onChange={(e) => update(n.key, { target: e.target.value })}
                >
                  <option value="">Choose…</option>
                  {targets.map((t) => (
                    <option
                      key={`${t.targetType}:${t.targetKey}`}
                      value={`${t.targetType}:${t.targetKey}`}
                    >
                      {t.label}
                    </option>
                  ))}
                </select>
                {errors[`notes.${i}.targetKey`] && (
                  <p className="text-sm text-red-700">{errors[`notes.${i}.targetKey`]}</p>
                )}
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor={`${base}-n${n.key}`} className="text-xs font-medium text-gray-700">
                  Note {i + 1}
                </label>
                <input
                  id={`${base}-n${n.key}`}
                  className={inputClass(errors[`notes.${i}.text`])}
                  value={n.text}
                  maxLength={REVIEW_LIMITS.noteMax}
                  onChange={(e) => update(n.key, { text: e.target.value })}
                />
                {errors[`notes.${i}.text`] && (
                  <p className="text-sm text-red-700">{errors[`notes.${i}.text`]}</p>
                )}
              </div>
              <Button
                variant="secondary"
                className="sm:mt-5"
                aria-label={`Remove note ${i + 1}`}
                onClick={() => setNotes((ns) => ns.filter((x) => x.key !== n.key))}
              >
                Remove
              </Button>
            </div>
          ))}
          {notes.length < REVIEW_LIMITS.notesMax && (
            <div>
              <Button
                variant="secondary"
                onClick={() => {
                  setNotes((ns) => [...ns, { key: seq, target: '', text: '' }]);
                  setSeq((s) => s + 1);
                }}
              >
                Add note
              </Button>
            </div>
          )}
        </fieldset>
      </div>
    </Modal>
  );
}
