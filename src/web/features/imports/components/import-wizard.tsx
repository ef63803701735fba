import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  IMPORT_MODE_LABELS,
  IMPORT_MODES,
  IMPORT_MSG,
  IMPORT_NUMBERS,
  type ImportMode,
} from '../../../../shared/contracts/imports';
import type { UploadProgress } from '../../../lib/api-client';
import { reportFormError, stateSetError, type FieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useUploadImport } from '../api/upload-import';
import { useDownloadTemplate } from '../api/run-import';
import { checkImportPick, type ImportPick } from '../lib/check-pick';
import { ProgressBar } from './progress-bar';

const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-gray-100 file:px-3 file:py-1';

/** The import wizard: the template, then the filled sheet and its ZIP, uploaded with progress; the check runs on the server. */
export function ImportWizard() {
  const navigate = useNavigate();
  const upload = useUploadImport();
  const template = useDownloadTemplate();
  const [sheet, setSheet] = useState<File | undefined>();
  const [zip, setZip] = useState<File | undefined>();
  const [mode, setMode] = useState<ImportMode>('skip');
  const [progress, setProgress] = useState<UploadProgress | undefined>();
  const [fields, setFields] = useState<FieldErrors>({});

  /** Checks a picked file at once: a wrong one is shown at its field and not kept. */
  const pick = async (input: HTMLInputElement, kind: ImportPick) => {
    const file = input.files?.[0];
    const set = kind === 'sheet' ? setSheet : setZip;
    const problem = file && (await checkImportPick(file, kind));
    setFields(({ [kind]: _old, ...rest }) => (problem ? { ...rest, [kind]: problem } : rest));
    if (problem) input.value = '';
    set(problem ? undefined : file);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!sheet) {
      setFields((f) => ({ ...f, sheet: f.sheet ?? IMPORT_MSG.sheetRequired }));
      return;
    }
    if (fields.zip) return; // a refused ZIP stays at its field until another is picked
    setFields({});
    upload.mutate(
      { sheet, zip, mode, onProgress: setProgress },
      {
        onSuccess: (job) => {
          toast.success('Uploaded: the portal is checking your sheet');
          void navigate(`/app/imports/${job.id}`);
        },
        onError: (err) => {
          setProgress(undefined);
          reportFormError(err, stateSetError(setFields), {
            fields: ['sheet', 'zip'],
            fallback: 'The upload failed. Please try again.',
            sayWhenFieldsShown: false,
          });
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="step-template"
        className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
      >
        <h2 id="step-template" className="text-lg font-bold">
          1. Download the template
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          One row per size. Fill the pattern's columns on its first row; the following rows of the
          same Pattern ID may leave them empty. Name each file by its file name in the ZIP (folders
          are fine); separate several hero images with a semicolon. The XLSX template lists the
          allowed values on its second sheet.
        </p>
        <p className="mt-1 text-sm text-gray-700">{IMPORT_NUMBERS.note}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => template.mutate('xlsx')}
            disabled={template.isPending}
          >
            Download template (XLSX)
          </Button>
          <Button
            variant="secondary"
            onClick={() => template.mutate('csv')}
            disabled={template.isPending}
          >
            Download template (CSV)
          </Button>
        </div>
      </section>

      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="step-upload"
        className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
      >
        <h2 id="step-upload" className="text-lg font-bold">
          2. Upload the filled sheet and its files
        </h2>
        <div>
          <label htmlFor="import-sheet" className="text-sm font-semibold">
            Sheet (CSV or XLSX) <span className="text-red-700">required</span>
          </label>
          <input
            id="import-sheet"
            name="sheet"
            type="file"
            accept=".csv,.xlsx,text/csv"
            className={inputClass}
            aria-invalid={Boolean(fields.sheet)}
            aria-describedby={fields.sheet ? 'import-sheet-error' : undefined}
            onChange={(e) => void pick(e.currentTarget, 'sheet')}
          />
          {fields.sheet && (
            <p id="import-sheet-error" className="mt-1 text-sm text-red-700">
              {fields.sheet}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="import-zip" className="text-sm font-semibold">
            Files (one ZIP, optional)
          </label>
          <input
            id="import-zip"
            name="zip"
            type="file"
            accept=".zip,application/zip"
            className={inputClass}
            aria-invalid={Boolean(fields.zip)}
            aria-describedby={fields.zip ? 'import-zip-error' : undefined}
            onChange={(e) => void pick(e.currentTarget, 'zip')}
          />
          {fields.zip && (
            <p id="import-zip-error" className="mt-1 text-sm text-red-700">
              {fields.zip}
            </p>
          )}
        </div>
        <fieldset>
          <legend className="text-sm font-semibold">
            Patterns whose Pattern ID exists already
          </legend>
          {IMPORT_MODES.map((m) => (
            <label key={m} className="mt-1 flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="mode"
                value={m}
                checked={mode === m}
                onChange={() => setMode(m)}
              />
              {IMPORT_MODE_LABELS[m]}
            </label>
          ))}
        </fieldset>
        {progress && <ProgressBar label="Upload" done={progress.loaded} total={progress.total} />}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending && <Spinner />}
            Upload and check
          </Button>
          <Link to="/app/imports" className="rounded-md px-4 py-2 text-sm font-semibold underline">
            See all imports
          </Link>
        </div>
      </form>
    </div>
  );
}
