import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { DB_ID_MAX, hasNul, nulMessage } from './input-rules';
export { hasNul, nulMessage } from './input-rules';

const SPECIAL = /[-+_!@#$%^&*.,?]/;

/** The password rule in one sentence, for operators (ADMIN_PASSWORD, create-user). */
export const PASSWORD_RULE = `must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters with a lower-case letter, an upper-case letter, a digit and one of - + _ ! @ # $ % ^ & * . , ?`;

/** The one password rule of docs/product-decisions.md: 8 to 30 characters with lower, upper, digit and a special character. */
export function passwordSchema(
  requiredMsg: string = MSG.passwordRequired,
  minMsg: string = MSG.passwordMin,
) {
  return z
    .string({ error: requiredMsg })
    .min(1, requiredMsg)
    .min(LIMITS.passwordMin, minMsg)
    .max(LIMITS.passwordMax, MSG.passwordMax)
    .refine(
      (v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) && SPECIAL.test(v),
      MSG.passwordComplexity,
    );
}

/**
 * Every timestamp an answer carries: ISO 8601 in UTC to the millisecond, as `Date.toISOString()`
 * writes it (`2026-11-28T19:00:00.000Z`). One schema, so the OpenAPI document says `date-time`
 * everywhere and the answer is checked against it.
 */
export const IsoDateTimeSchema = z.iso.datetime();

/** The browser's own rule (HTML5): accepts `admin@localhost`, the default first admin. */
export const emailFormat = (message: string) => z.email({ pattern: z.regexes.html5Email, message });

export const EmailSchema = text('Email', MSG.emailRequired)
  .trim()
  .min(1, MSG.emailRequired)
  .max(LIMITS.textMax, 'Email is too long')
  .pipe(emailFormat(MSG.emailInvalid));

/**
 * Input schemas as a class (issue 11): every text input, integer and price a request carries goes
 * through one of these, so no value the database cannot store reaches it (it would answer 500).
 */

export function text(label: string, message?: string) {
  return z
    .string(message ? { error: message } : undefined)
    .refine((v) => !hasNul(v), nulMessage(label));
}

/** A positive id from a query, a path or a form (text or number), bounded to the column. */
export function boundedId(
  message = 'Must be a whole number from 1',
  opts: { coerce?: boolean } = { coerce: true },
) {
  const base =
    opts.coerce === false ? z.number({ error: message }) : z.coerce.number({ error: message });
  return base.int(message).positive(message).max(DB_ID_MAX, message);
}
export const dbId = () => boundedId();

/** `Price` is numeric(10, 2): checked after rounding to cents, so 99999999.999 cannot overflow. */
export const PRICE_MAX = 99_999_999.99;
export const PRICE_MESSAGE = 'Price must be a number from 0 to 99,999,999.99';
export const PriceSchema = z
  .union(
    [
      z.literal('').transform(() => undefined),
      z.null().transform(() => undefined),
      z.coerce.number(),
    ],
    { error: 'Price must be a number' },
  )
  .optional()
  .transform((v) => (v === undefined || !Number.isFinite(v) ? v : Math.round(v * 100) / 100))
  .refine(
    (v) => v === undefined || (Number.isFinite(v) && v >= 0 && v <= PRICE_MAX),
    PRICE_MESSAGE,
  );
export const IdParamSchema = z.object({ id: dbId() });

/** `page` and `pageSize` (one of LIMITS.pageSizes) of a paged list query. */
export const pagingFields = {
  page: z.coerce.number().int().min(1).max(10_000_000, 'page must be at most 10000000').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine(
      (n) => (LIMITS.pageSizes as readonly number[]).includes(n),
      `Page size must be one of ${LIMITS.pageSizes.join(', ')}`,
    )
    .default(LIMITS.pageSizes[0]),
};

export const MessageSchema = z.object({ message: z.string() });

export function requiredText(label: string, max: number = LIMITS.textMax) {
  return text(label, MSG.required(label))
    .trim()
    .min(1, MSG.required(label))
    .max(max, `${label} must be at most ${max} characters`);
}

export function optionalText(label: string, max: number = LIMITS.textMax) {
  return text(label)
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
      const ok =
        id !== undefined
          ? Number.isInteger(id) && id > 0 && id <= DB_ID_MAX
          : text.length > 0 && text.length <= 100 && !hasNul(text);
      if (!ok) ctx.addIssue({ code: 'custom', message });
      return id ?? text;
    })
    .describe(
      "The brand's id, or its slug as the spec's option list gives it (ditto, mccalls, kwik-sew, Liesl + Co., …)",
    );
}
export type BrandRef = number | string;
