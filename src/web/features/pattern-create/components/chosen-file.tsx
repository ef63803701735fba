import { useEffect, useState } from 'react';
import { formatBytes } from '../../../../shared/limits';

interface ChosenFileProps {
  file: File;
  /** What is wrong with this file, shown beside it. */
  problem?: string;
  onRemove(): void;
  disabled?: boolean;
}

/** One chosen file before upload: thumbnail for images, name, size, and a way to remove it. */
export function ChosenFile({ file, problem, onRemove, disabled }: ChosenFileProps) {
  const isImage = /\.(png|jpe?g)$/i.test(file.name) || file.type.startsWith('image/');
  const [thumb, setThumb] = useState<string | null>(null);
  useEffect(() => {
    if (!isImage) return;
    const url = URL.createObjectURL(file);
    setThumb(url);
    return () => URL.revokeObjectURL(url);
  }, [file, isImage]);

  return (
    <li
      className={`flex items-center gap-3 rounded-md border bg-white p-2 ${problem ? 'border-red-600' : 'border-gray-200'}`}
    >
      {isImage && thumb ? (
        <img src={thumb} alt="" className="h-12 w-12 shrink-0 rounded object-cover" />
      ) : (
        <span
          aria-hidden
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded bg-red-50 text-xs font-bold text-red-800"
        >
          PDF
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-900" title={file.name}>
          {file.name}
        </p>
        <p className="text-xs text-gray-600">{formatBytes(file.size)}</p>
        {problem && <p className="text-xs font-medium text-red-700">{problem}</p>}
      </div>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${file.name}`}
        className="rounded-md px-2 py-1 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-50"
      >
        Remove
      </button>
    </li>
  );
}
