import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '../../../../shared/messages';
import type { FileRule } from '../../../../shared/contracts/files';
import { checkPickedFile } from '../../../lib/file-checks';
import { CREATE_MSG } from '../../../../shared/contracts/pattern-create';
import type { Option } from '../../../../shared/options';
import { useAuth } from '../../../lib/auth';
import { toast, useToastsAbove } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useAddPattern } from '../api/add-pattern';
import { useBrandList } from '../../../lib/brand-list';
import {
  AddPatternFormSchema,
  emptyForm,
  fileProblems,
  type AddPatternFormInput,
  type AddPatternFormValues,
} from '../form-schema';
import { countBySection, errorPaths, fileWarnings, isFieldError, isFormPath } from '../form-errors';
import { FormSection } from './form-section';
import { PatternFieldInputs, type PatternFieldsProps } from '../../../components/pattern-fields';
import { NamedFileField } from './named-file-field';
import { SizeEntries } from './size-entries';
import { UploadProgress } from './upload-progress';
import { DiscardDialog } from './discard-dialog';

const LIST_PATH = '/app/show-records';
// Spec section 5: a PDF over the limit or a wrong type is a warning toast; an image too large is an info toast.
const showFileWarning = (m: string) =>
  m === MSG.imagesTooLarge ? toast.info(m) : toast.warning(m);
const PLACEHOLDER: Option = { id: 0, name: 'Choose Brand', value: null };

/**
 * The Pattern Submission Form (spec sections 2 to 5). Everything stays in the form until Save;
 * a bad file or a missing field opens every section and says so, and nothing is sent. While the
 * upload runs the form is locked and shows its progress; on failure all input is still there.
 */
export function AddPatternForm() {
  const { user, isAdmin } = useAuth();
  const navigate = useNavigate();
  const brands = useBrandList(isAdmin);
  const add = useAddPattern();
  const [openAll, setOpenAll] = useState(0);
  const [askDiscard, setAskDiscard] = useState(false);
  const focusAfterOpen = useRef<string | null>(null);
  const actionsBar = useRef<HTMLDivElement>(null);
  useToastsAbove(actionsBar);
  const defaults = useMemo(() => emptyForm(user?.brand?.id), [user?.brand?.id]);
  const { register, control, handleSubmit, setError, setFocus, getValues, formState } = useForm<
    AddPatternFormInput,
    unknown,
    AddPatternFormValues
  >({
    // Selects hold plain strings; the schema narrows them (and coerces Brand and Price) on Save.
    resolver: zodResolver(AddPatternFormSchema) as unknown as Resolver<
      AddPatternFormInput,
      unknown,
      AddPatternFormValues
    >,
    defaultValues: defaults,
    shouldFocusError: false, // sections open first (re-keyed), then the first field with an error gets focus
  });
  const { errors, isDirty } = formState;
  const uploading = add.isPending;

  const brandOptions = useMemo<Option[]>(() => {
    if (isAdmin)
      return [
        PLACEHOLDER,
        ...(brands.data?.data ?? []).map((b) => ({ id: b.id, name: b.name, value: String(b.id) })),
      ];
    return user?.brand
      ? [PLACEHOLDER, { id: user.brand.id, name: user.brand.name, value: String(user.brand.id) }]
      : [PLACEHOLDER];
  }, [isAdmin, brands.data, user?.brand]);
  const brandHint = isAdmin
    ? brands.isPending
      ? 'Loading brands…'
      : brands.isError
        ? 'The brands could not be loaded. Reload the page to try again.'
        : undefined
    : user?.brand
      ? 'Patterns are added to your brand.'
      : CREATE_MSG.noBrand;

  const openSections = (firstError?: string) => {
    focusAfterOpen.current = firstError ?? null;
    setOpenAll((n) => n + 1);
  };
  useEffect(() => {
    const name = focusAfterOpen.current;
    if (!openAll || !name) return;
    focusAfterOpen.current = null;
    requestAnimationFrame(() => {
      try {
        setFocus(name as FieldPath<AddPatternFormInput>);
      } catch {
        /* a file or select field: its error is announced instead */
      }
    });
  }, [openAll, setFocus]);

  // Anything typed or chosen, or an upload under way, is asked about before leaving (links, Back, reload).
  const guard = useUnsavedChanges(isDirty || uploading);

  const warnPicked = (files: File[], rule: FileRule) => {
    const problems = files.flatMap((f) => {
      const p = checkPickedFile(f, rule);
      return p ? [{ rule, problem: p.problem }] : [];
    });
    fileWarnings(problems).forEach(showFileWarning);
  };

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await add.mutateAsync(values);
        toast.success(MSG.patternAdded);
        guard.release();
        navigate(LIST_PATH);
      } catch (err) {
        const report = reportFormError(err, setError, {
          fields: (k) => isFormPath(k, values.Size.length),
          fallback: 'The pattern could not be saved. Please try again.',
        });
        if (report?.shown.length) openSections(report.shown[0]);
      }
    },
    (errs) => {
      const values = getValues();
      const paths = errorPaths(errs);
      const warnings = fileWarnings(fileProblems(values));
      warnings.forEach(showFileWarning);
      if (!warnings.length || paths.some((p) => isFieldError(p, values)))
        toast.info(MSG.checkRequired);
      openSections(paths[0]);
    },
  );

  const cancel = () => {
    if (isDirty) setAskDiscard(true);
    else navigate(LIST_PATH);
  };

  const counts = countBySection(errorPaths(errors));
  const sectionKey = (id: string) => `${id}-${openAll}`;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-busy={uploading || undefined}
      className="flex flex-col gap-4"
    >
      <fieldset disabled={uploading} className="flex min-w-0 flex-col gap-4">
        <legend className="sr-only">Pattern details, files and sizes</legend>
        <FormSection
          key={sectionKey('basic')}
          title="Basic Pattern Details"
          defaultOpen
          errorCount={counts.basic}
        >
          <PatternFieldInputs
            register={register as unknown as PatternFieldsProps['register']}
            control={control as unknown as PatternFieldsProps['control']}
            errors={errors as PatternFieldsProps['errors']}
            brandOptions={brandOptions}
            brandLocked={!isAdmin}
            brandHint={brandHint}
          />
        </FormSection>
        <FormSection
          key={sectionKey('pdfs')}
          title="PDF's"
          defaultOpen={openAll > 0}
          errorCount={counts.pdfs}
        >
          <div className="grid gap-6 md:grid-cols-2">
            <NamedFileField control={control} name="Instruction_PDF" onPicked={warnPicked} />
            <NamedFileField control={control} name="Yardage_PDF" onPicked={warnPicked} />
          </div>
        </FormSection>
        <FormSection
          key={sectionKey('images')}
          title="Images"
          defaultOpen={openAll > 0}
          errorCount={counts.images}
        >
          <div className="grid gap-6 md:grid-cols-2">
            <NamedFileField control={control} name="Main_Hero_Image" onPicked={warnPicked} />
            <NamedFileField control={control} name="Hero_Images" onPicked={warnPicked} />
            <NamedFileField control={control} name="Size_Chart" onPicked={warnPicked} />
            <NamedFileField control={control} name="Yardage_Image" onPicked={warnPicked} />
            <NamedFileField control={control} name="Sketch_Image" onPicked={warnPicked} />
          </div>
        </FormSection>
        <FormSection
          key={sectionKey('sizes')}
          title="Pattern Size"
          defaultOpen={openAll > 0}
          errorCount={counts.sizes}
        >
          <SizeEntries
            register={register}
            control={control}
            errors={errors}
            onPicked={warnPicked}
          />
        </FormSection>
      </fieldset>

      {/* Sticky, so the buttons and the upload's progress stay in view however long the form is. */}
      <div
        ref={actionsBar}
        className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-gray-200 bg-gray-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:px-0"
      >
        {add.progress && <UploadProgress progress={add.progress} />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={cancel} disabled={uploading}>
            Cancel
          </Button>
          <Button type="submit" disabled={uploading}>
            {uploading && <Spinner />}
            {uploading ? 'Uploading…' : 'Save'}
          </Button>
        </div>
      </div>
      <DiscardDialog
        open={askDiscard}
        onKeep={() => setAskDiscard(false)}
        onDiscard={() => {
          guard.release();
          navigate(LIST_PATH);
        }}
      />
    </form>
  );
}
