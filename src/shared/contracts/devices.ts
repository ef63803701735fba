import { z } from 'zod';

/** Signed-in devices on My Account (docs/sign-in.md). */
export const DEVICES_PATHS = {
  list: '/api/account/devices',
  signOut: '/api/account/devices/:id',
  signOutOthers: '/api/account/devices/sign-out-others',
} as const;

export const DeviceSchema = z.object({
  id: z.number(),
  /** "Chrome 131 on Windows", or "Unknown browser". */
  browser: z.string(),
  /** Where the address is, as far as the portal can tell without the internet ("Local network", …). */
  place: z.string(),
  /** How the session was opened. */
  method: z.enum(['password', 'oidc', 'invitation', 'passkey']).nullable(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  current: z.boolean(),
});
export type Device = z.infer<typeof DeviceSchema>;

export const DeviceListSchema = z.object({ devices: z.array(DeviceSchema) });
export type DeviceList = z.infer<typeof DeviceListSchema>;

export const SignedOutSchema = z.object({ message: z.string(), count: z.number() });
