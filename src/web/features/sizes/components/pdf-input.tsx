import { useEffect, useId, useRef } from 'react';
import { FILE_RULES, checkChosenFile } from '../../../../shared/contracts/files';
import { formatBytes } from '../../../../shared/limits';
import { MSG } from '../../../../shared/messages';
import { toast } from '../../../lib/toast';
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
  const choose = (f: File | undefined) => {
    if (!f) return onChange(undefined);
    const problem = checkChosenFile(f, 'pdf');
    if (problem) {
      toast.warning(problem.problem === 'size' ? MSG.pdfTooLarge : problem.message);
      return onChange(undefined);
    }
    onChange(f);
  };
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={file ? `${file.name} (${formatBytes(file.size)})` : FILE_RULES.pdf.hint}>
      <input
        ref={ref}
        id={id}
        type="file"
        accept={FILE_RULES.pdf.accept}
        onChange={(e) => choose(e.target.files?.[0])}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold hover:file:bg-gray-100"
      />
    </FieldShell>
  );
}
