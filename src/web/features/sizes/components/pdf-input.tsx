import { useEffect, useId, useRef, useState } from 'react';
import { FILE_RULES } from '../../../../shared/contracts/files';
import { checkPickedFile, sniffFiles, toastFileProblem } from '../../../lib/file-checks';
import { formatBytes } from '../../../../shared/limits';
import { FieldShell } from '../../../components/text-field';

interface PdfInputProps {
  label: string;
  file: File | undefined;
  onChange(file: File | undefined): void;
  error?: string;
  required?: boolean;
}

/** A size's PDF chooser: PDF only, at most 5 MB ('All pdf file should be less than 5MB'), the choice shown with its size. */
export function PdfInput({ label, file, onChange, error, required }: PdfInputProps) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  // Cleared by the parent (after an upload, or a refused file): the input forgets its choice too.
  useEffect(() => {
    if (!file && ref.current) ref.current.value = '';
  }, [file]);
  // Why the last chosen file was refused, said at the field (the parent's error wins when it has one).
  const [refusal, setRefusal] = useState<string>();
  const choose = async (f: File | undefined) => {
    setRefusal(undefined);
    if (!f) return onChange(undefined);
    await sniffFiles([f], 'pdf'); // a renamed text file is refused now, not after the upload
    const problem = checkPickedFile(f, 'pdf');
    if (problem) {
      setRefusal(problem.message);
      toastFileProblem('pdf', problem.problem);
      return onChange(undefined);
    }
    onChange(f);
  };
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      error={error ?? refusal}
      hint={file ? `${file.name} (${formatBytes(file.size)})` : FILE_RULES.pdf.hint}
    >
      <input
        ref={ref}
        id={id}
        type="file"
        accept={FILE_RULES.pdf.accept}
        onChange={(e) => void choose(e.target.files?.[0])}
        aria-invalid={error || refusal ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={error || refusal ? `${id}-error` : `${id}-hint`}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold hover:file:bg-gray-100"
      />
    </FieldShell>
  );
}
