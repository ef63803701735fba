import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NAMED_FILE_FIELDS,
  PATTERN_CREATE_PATH,
  sizePdfField,
  type PatternCreateDataInput,
  type PatternCreateResponse,
} from '../../../../shared/contracts/pattern-create';
import { uploadWithProgress, type UploadProgress } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';
import type { AddPatternFormValues } from '../form-schema';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The multipart body of the contract: `data` first (so the server can refuse another brand or a
 * taken Pattern ID before the files travel), then the named files, then one PDF per size as
 * `pattern_pdf_file{index}`.
 */
export function buildSubmission(values: AddPatternFormValues): FormData {
  const {
    Size,
    Instruction_PDF,
    Yardage_PDF,
    Main_Hero_Image,
    Size_Chart,
    Yardage_Image,
    Sketch_Image,
    Hero_Images,
    ...fields
  } = values;
  const data: PatternCreateDataInput = {
    ...fields,
    Size: Size.map((s) => ({
      pattern_view: s.pattern_view,
      Size: s.Size,
      Pattern_Pdf_File_Name: s.pattern_pdf_file?.name,
      Brand: fields.Brand,
    })),
  };
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  const files = {
    Instruction_PDF,
    Yardage_PDF,
    Main_Hero_Image,
    Size_Chart,
    Yardage_Image,
    Sketch_Image,
    Hero_Images,
  };
  for (const field of NAMED_FILE_FIELDS) {
    const value = files[field];
    for (const file of Array.isArray(value) ? value : value ? [value] : [])
      form.append(field, file, file.name);
  }
  Size.forEach(
    (s, i) =>
      s.pattern_pdf_file &&
      form.append(sizePdfField(i), s.pattern_pdf_file, s.pattern_pdf_file.name),
  );
  return form;
}

/** Submits a pattern with upload progress for the whole body; the list is refetched after success. */
export function useAddPattern() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    ...FORM_MUTATION,
    mutationFn: (values: AddPatternFormValues) => {
      setProgress({ loaded: 0, total: 0, percent: 0 });
      return uploadWithProgress<PatternCreateResponse>(
        PATTERN_CREATE_PATH,
        buildSubmission(values),
        setProgress,
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.patterns }),
    onSettled: () => setProgress(null),
  });
  const reset = useCallback(() => setProgress(null), []);
  return { ...mutation, progress, resetProgress: reset };
}
