import { Button } from '../../../components/button';

/** A secret or token shown once: selectable, copyable, and dismissed by the admin. */
export function SecretNotice({
  label,
  value,
  onDone,
}: {
  label: string;
  value: string;
  onDone: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border border-amber-400 bg-amber-50 p-4"
    >
      <p className="text-sm font-semibold text-ink">{label}: copy it now, it is not shown again.</p>
      <code
        className="break-all rounded bg-white px-2 py-1 font-mono text-sm text-ink ring-1 ring-gray-300"
        data-testid="shown-once"
      >
        {value}
      </code>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(value)}>
          Copy
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
