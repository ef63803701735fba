import { SIZE_PARTS, type SizeFields } from '../../../../shared/contracts/sizes';

/** The add/update multipart: `data` JSON first (the server reads it before the PDF), then the PDF. */
export function sizeFormData(
  data: Partial<SizeFields> | undefined,
  pdf: File | undefined,
): FormData {
  const form = new FormData();
  if (data) form.append(SIZE_PARTS.data, JSON.stringify(data));
  if (pdf) form.append(SIZE_PARTS.pdf, pdf, pdf.name);
  return form;
}
