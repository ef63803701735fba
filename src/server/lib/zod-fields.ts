import type { z } from 'zod';

/** Turns Zod issues into `{ field: message }`, first message per field, nested paths joined with dots. */
export function zodFields(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join('.') || '_';
    fields[name] ??= issue.message;
  }
  return fields;
}

export function parseOrFields<T extends z.ZodType>(
  schema: T,
  value: unknown,
): { ok: true; data: z.infer<T> } | { ok: false; fields: Record<string, string> } {
  const r = schema.safeParse(value);
  return r.success ? { ok: true, data: r.data } : { ok: false, fields: zodFields(r.error.issues) };
}
