import { useState } from 'react';
import {
  BULK_ACTION_LABELS,
  BULK_EDIT_FIELDS,
  BULK_EDIT_LABELS,
  BulkEditRequestSchema,
  BulkReasonRequestSchema,
  type BulkAction,
  type BulkEditField,
} from '../../../../shared/contracts/bulk';
import { FABRIC_TYPES, GENDERS, PATTERN_TYPES, YES_NO } from '../../../../shared/options';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { FieldShell, inputClass, TextArea, TextField } from '../../../components/text-field';
import { formatCount } from '../../../lib/format';
import { useBulkPreview, type BulkParams } from '../api/bulk-run';

const CHOICES: Partial<Record<BulkEditField, readonly string[]>> = {
  Fabric_type: FABRIC_TYPES,
  Type: PATTERN_TYPES,
  Gender: GENDERS,
  Is_Printable: YES_NO,
  is_Subscribable: YES_NO,
};

const INTRO: Record<Exclude<BulkAction, 'edit'>, string> = {
  'send-to-review': 'Each complete pattern goes to review; admins are told.',
  publish:
    'Each pattern in review that was not edited since goes live, and to the storefront. The others are listed with the reason.',
  'request-changes': 'Each pattern in review goes back to its brand with this reason.',
  unpublish:
    'Each published pattern becomes a draft again and leaves the storefront; its brand is told why.',
  restore: 'Each pattern comes back from the Trash as it was.',
};

interface BulkDialogProps {
  action: BulkAction;
  ids: number[];
  onRun(params: BulkParams): void;
  onClose(): void;
}

/** Asks before a bulk action: a reason where one is needed, the field and value of Edit fields. */
export function BulkDialog({ action, ids, onRun, onClose }: BulkDialogProps) {
  const n = formatCount(ids.length);
  const [reason, setReason] = useState('');
  const [field, setField] = useState<BulkEditField>('Price');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const preview = useBulkPreview();
  const needsReason = action === 'request-changes' || action === 'unpublish';

  const params = (): BulkParams | null => {
    if (needsReason) {
      const ok = BulkReasonRequestSchema.shape.reason.safeParse(reason);
      if (!ok.success) return (setError(ok.error.issues[0]?.message), null);
      return { reason: ok.data };
    }
    if (action === 'edit') {
      const ok = BulkEditRequestSchema.safeParse({ ids, set: { field, value } });
      if (!ok.success) return (setError(ok.error.issues[0]?.message), null);
      return { set: { field, value } };
    }
    return {};
  };
  const submit = () => {
    const p = params();
    if (p) onRun(p);
  };
  const count = () => {
    const p = params();
    if (p?.set) preview.mutate({ ids, set: p.set });
  };
  const changing = preview.data?.done;
  const choices = CHOICES[field];
  const valueLabel = `New ${BULK_EDIT_LABELS[field]}`;

  return (
    <Modal
      open
      title={`${BULK_ACTION_LABELS[action]}: ${n} pattern${ids.length === 1 ? '' : 's'}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {action === 'edit' && (
            <Button variant="secondary" onClick={count} disabled={preview.isPending}>
              {preview.isPending && <Spinner />}
              Count changes
            </Button>
          )}
          <Button
            variant={action === 'unpublish' ? 'danger' : 'primary'}
            onClick={submit}
            autoFocus={!needsReason && action !== 'edit'}
          >
            {action === 'edit' ? 'Apply' : BULK_ACTION_LABELS[action]}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {action !== 'edit' && <p>{INTRO[action]}</p>}
        {needsReason && (
          <TextArea
            label="Reason"
            required
            value={reason}
            error={error}
            autoFocus
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
          />
        )}
        {action === 'edit' && (
          <>
            <p>
              Sets one field on every selected pattern. Each pattern’s activity records its own
              before → after; a published pattern keeps its live version until its edit is reviewed
              and published.
            </p>
            <FieldShell id="bulk-field" label="Field" required>
              <select
                id="bulk-field"
                className={inputClass()}
                value={field}
                autoFocus
                onChange={(e) => {
                  setField(e.target.value as BulkEditField);
                  setValue('');
                  setError(undefined);
                  preview.reset();
                }}
              >
                {BULK_EDIT_FIELDS.map((f) => (
                  <option key={f} value={f}>
                    {BULK_EDIT_LABELS[f]}
                  </option>
                ))}
              </select>
            </FieldShell>
            {choices ? (
              <FieldShell id="bulk-value" label={valueLabel} error={error}>
                <select
                  id="bulk-value"
                  className={inputClass(error)}
                  value={value}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'bulk-value-error' : undefined}
                  onChange={(e) => {
                    setValue(e.target.value);
                    setError(undefined);
                    preview.reset();
                  }}
                >
                  <option value="">(empty: clears it)</option>
                  {choices.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </FieldShell>
            ) : (
              <TextField
                id="bulk-value"
                label={valueLabel}
                inputMode={field === 'Price' ? 'decimal' : undefined}
                value={value}
                error={error}
                hint="Leave empty to clear it."
                onChange={(e) => {
                  setValue(e.target.value);
                  setError(undefined);
                  preview.reset();
                }}
              />
            )}
            <p aria-live="polite" className="min-h-5 font-medium">
              {changing !== undefined &&
                `${formatCount(changing)} of ${n} pattern${ids.length === 1 ? '' : 's'} change${
                  preview.data!.failed
                    ? `; ${formatCount(preview.data!.failed)} cannot be changed`
                    : ''
                }.`}
            </p>
          </>
        )}
      </form>
    </Modal>
  );
}
