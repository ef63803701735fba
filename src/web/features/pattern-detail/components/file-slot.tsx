import { useId, useRef, useState, type ReactNode } from 'react';
import {
  FILE_KIND_RULE,
  FILE_LABELS,
  FILE_RULES,
  type PatternFile,
} from '../../../../shared/contracts/files';
import { checkPickedFile, sniffFiles, toastFileProblem } from '../../../lib/file-checks';
import { isMultipleKind, type PatternFileKind } from '../../../../shared/contracts/pattern-detail';
import { LIMITS } from '../../../../shared/limits';
import { toast } from '../../../lib/toast';
import { Spinner } from '../../../components/spinner';
import { useSaveFiles } from '../api/save-files';
import { FileCard } from './file-card';

interface FileSlotProps {
  patternId: number;
  /** The pattern's version this screen shows: a replace based on an older one is refused (412). */
  version: number;
  kind: PatternFileKind;
  files: PatternFile[];
  onRemove(file: PatternFile): void;
  /** A reviewer's notes on one of these files, shown in its card. */
  fileNote?(file: PatternFile): ReactNode;
}

/** One file kind of the pattern: its file(s) with previews, and upload / replace / add. */
export function FileSlot({ patternId, version, kind, files, onRemove, fileNote }: FileSlotProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const save = useSaveFiles(patternId);
  const [progressName, setProgressName] = useState<string>();
  const rule = FILE_KIND_RULE[kind];
  const multiple = isMultipleKind(kind);
  const label = FILE_LABELS[kind];
  const action = multiple ? 'Add images' : files.length ? 'Replace' : 'Upload';

  // A refused file is named here, beside the button, besides the one toast every screen gives for it.
  const [refusal, setRefusal] = useState<string>();
  const onChosen = async (list: FileList | null) => {
    const all = Array.from(list ?? []);
    if (input.current) input.current.value = ''; // choosing the same file again still fires change
    if (!all.length) return;
    const room = multiple ? Math.max(0, LIMITS.heroImagesMax - files.length) : 1;
    const chosen = all.slice(0, room);
    const left = all.length - chosen.length;
    setRefusal(
      multiple && left
        ? `At most ${LIMITS.heroImagesMax} hero images are allowed (this pattern has ${files.length}): ${left} left out.`
        : undefined,
    );
    if (!chosen.length)
      return void toast.warning(`A pattern can have at most ${LIMITS.heroImagesMax} hero images`);
    await sniffFiles(chosen, rule);
    for (const f of chosen) {
      const problem = checkPickedFile(f, rule);
      if (problem) {
        setRefusal(problem.message);
        return toastFileProblem(rule, problem.problem);
      }
    }
    setProgressName(chosen.length > 1 ? `${chosen.length} images` : (chosen[0]?.name ?? ''));
    save.mutate(
      { kind, files: chosen, version },
      {
        onSuccess: (res) => toast.success(`${label}: ${res.message}`),
        onSettled: () => setProgressName(undefined),
      },
    );
  };

  return (
    <section
      aria-labelledby={`${inputId}-h`}
      className={`rounded-lg border border-gray-200 bg-white p-4 shadow-sm ${multiple ? 'sm:col-span-2 lg:col-span-3' : ''}`}
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`${inputId}-h`} className="font-semibold">
            {label}
          </h3>
          <p className="text-xs text-gray-600">
            {FILE_RULES[rule].hint}
            {multiple ? `, up to ${LIMITS.heroImagesMax}` : ''}
          </p>
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          className="peer sr-only"
          accept={FILE_RULES[rule].accept}
          multiple={multiple}
          onChange={(e) => void onChosen(e.target.files)}
          disabled={save.isPending}
          aria-label={`${action} ${label}`}
        />
        <label
          htmlFor={inputId}
          className={`inline-flex cursor-pointer items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold shadow-sm hover:bg-gray-100 peer-focus-visible:outline-3 peer-focus-visible:outline-blue-700 ${save.isPending ? 'pointer-events-none opacity-60' : ''}`}
        >
          {action}
        </label>
      </div>
      {refusal && (
        <p className="mb-2 text-sm font-medium text-red-700" role="alert">
          {refusal}
        </p>
      )}
      {progressName && (
        <p className="mb-2 flex items-center gap-2 text-sm text-gray-700" role="status">
          <Spinner /> Uploading {progressName}…
        </p>
      )}
      {files.length ? (
        <div className={multiple ? 'flex flex-wrap gap-4' : ''}>
          {files.map((f) => (
            <FileCard
              key={f.id}
              file={f}
              label={label}
              onRemove={() => onRemove(f)}
              note={fileNote?.(f)}
            />
          ))}
        </div>
      ) : (
        <p className="text-sm italic text-gray-600">No {multiple ? 'images' : 'file'} yet.</p>
      )}
    </section>
  );
}
