import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG } from '../messages';

const SPECIAL = /[-+_!@#$%^&*.,?]/;

/** The password rule in one sentence, for operators (ADMIN_PASSWORD, create-user). */
export const PASSWORD_RULE = `must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters with a lower-case letter, an upper-case letter, a digit and one of - + _ ! @ # $ % ^ & * . , ?`;

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
