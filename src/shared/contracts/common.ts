import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG } from '../messages';

const SPECIAL = /[-+_!@#$%^&*.,?]/;

/** The one password rule of PRODUCT.md: 8 to 30 characters with lower, upper, digit and a special character. */
export function passwordSchema(requiredMsg: string = MSG.passwordRequired, minMsg: string = MSG.passwordMin) {
  return z
    .string({ error: requiredMsg })
    .min(1, requiredMsg)
    .min(LIMITS.passwordMin, minMsg)
    .max(LIMITS.passwordMax, MSG.passwordMax)
    .refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) && SPECIAL.test(v), MSG.passwordComplexity);
}

/** The browser's own rule (HTML5): accepts `admin@localhost`, the default first admin. */
export const emailFormat = (message: string) => z.email({ pattern: z.regexes.html5Email, message });

export const EmailSchema = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(LIMITS.textMax, 'Email is too long')
  .pipe(emailFormat(MSG.emailInvalid));

/** A row ID (Postgres `serial`): larger numbers would fail in the database as a 500, so they are refused here. */
export const DB_ID_MAX = 2_147_483_647;
export const dbId = () => z.coerce.number().int().positive().max(DB_ID_MAX);
export const IdParamSchema = z.object({ id: dbId() });

/** `page` and `pageSize` (one of LIMITS.pageSizes) of a paged list query. */
export const pagingFields = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (LIMITS.pageSizes as readonly number[]).includes(n), `Page size must be one of ${LIMITS.pageSizes.join(', ')}`)
    .default(LIMITS.pageSizes[0]),
};

export const MessageSchema = z.object({ message: z.string() });

export function requiredText(label: string, max: number = LIMITS.textMax) {
  return z
    .string({ error: MSG.required(label) })
    .trim()
    .min(1, MSG.required(label))
    .max(max, `${label} must be at most ${max} characters`);
}

export function optionalText(label: string, max: number = LIMITS.textMax) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .or(z.literal('').transform(() => undefined))
    .or(z.null().transform(() => undefined));
}

/**
 * A brand as a call names it: its id, or its value in the spec's option list, the slug
 * (`mccalls`, `kwik-sew`, `Liesl + Co.`). The server turns a slug into the id (brands.service
 * `resolveBrandRef`); an unknown slug is answered at the field like an unknown id.
 */
export function brandRef(message: string) {
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((v, ctx): number | string => {
      const text = typeof v === 'string' ? v.trim() : '';
      const id = typeof v === 'number' ? v : /^\d{1,10}$/.test(text) ? Number(text) : undefined;
      const ok = id !== undefined ? Number.isInteger(id) && id > 0 && id <= DB_ID_MAX : text.length > 0 && text.length <= 100;
      if (!ok) ctx.addIssue({ code: 'custom', message });
      return id ?? text;
    })
    .describe("The brand's id, or its slug as the spec's option list gives it (ditto, mccalls, kwik-sew, Liesl + Co., …)");
}
export type BrandRef = number | string;
