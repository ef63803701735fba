import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';

type Copied = 'idle' | 'copied' | 'failed';

/** A secret or token shown once: selectable, copyable (saying whether the copy worked), and dismissed by the admin. */
export function SecretNotice({
  label,
  value,
  onDone,
}: {
  label: string;
  value: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<Copied>('idle');
  useEffect(() => {
    if (copied !== 'copied') return;
    const t = setTimeout(() => setCopied('idle'), 3000);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
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
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied === 'copied' ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
        <span aria-live="polite" className="text-sm text-gray-700">
          {copied === 'copied'
            ? 'Copied to the clipboard'
            : copied === 'failed'
              ? 'The browser did not allow copying: select the text and copy it'
              : ''}
        </span>
      </div>
    </div>
  );
}
