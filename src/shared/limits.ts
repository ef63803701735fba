/** Limits both sides enforce. One place, so a message never states a different number than the check. */
export const MB = 1024 * 1024;
export const LIMITS = {
  patternPdfBytes: 5 * MB,
  imageBytes: 10 * MB,
  profilePicBytes: 10 * MB,
  heroImagesMax: 20,
  sizesMax: 200,
  textMax: 255,
  descriptionMax: 5000,
  passwordMin: 8,
  passwordMax: 30,
  pageSizes: [10, 25, 50, 100] as const,
  /** A search's total is exact up to here; past it the list says "10,000+" (docs/decisions/002). */
  searchCountCap: 10_000,
  toastMs: 5000,
  typeAheadResetMs: 350,
} as const;

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const PDF_MIME_TYPE = 'application/pdf';

/** Characters removed from uploaded file names before storage (spec section 5, docs/product-decisions.md), and control characters (NUL cannot be stored). */
export const STRIPPED_NAME_CHARS = /[&/\\#,\s+()$~%@'":*?<>{}\u0000-\u001f\u007f]/g;

export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(STRIPPED_NAME_CHARS, '').replace(/^\.+/, '');
  return cleaned.slice(0, 200) || 'file';
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
