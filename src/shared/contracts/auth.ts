import { z } from 'zod';
import { ROLES } from '../options';
import { EmailSchema, passwordSchema } from './common';
import { BrandSchema } from './brands';
export { AUTH_PATHS } from './auth-paths';

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: passwordSchema(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** The user the browser keeps under the `user` key (spec section 3). */
export const SessionUserSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  role: z.enum(ROLES),
  email: z.string(),
  brand: BrandSchema.nullable(),
  profilePicUrl: z.string().nullable(),
  /** An admin under REQUIRE_ADMIN_2FA with no second factor yet: only the set-up answers (docs/two-factor.md). */
  mustSetUpTwoFactor: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const LoginResponseSchema = SessionUserSchema.extend({ token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const MeResponseSchema = z.object({ user: SessionUserSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;
