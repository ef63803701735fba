/** Accounts the e2e global setup creates: the admin with the create-user CLI, the others through the admin's Create Account call. */
export const E2E_USERS = {
  admin: {
    email: 'admin@e2e.test',
    password: 'Admin-pass1',
    role: 'admin',
    fullName: 'Ada Admin',
    brand: undefined as string | undefined,
  },
  partner: {
    email: 'partner@e2e.test',
    password: 'Partner-pass1',
    role: 'user',
    fullName: 'Pat Partner',
    brand: 'ditto' as string | undefined,
  },
  otherBrand: {
    email: 'other@e2e.test',
    password: 'Other-pass1',
    role: 'user',
    fullName: 'Olive Other',
    brand: 'butterick' as string | undefined,
  },
} as const;
export type E2EUser = (typeof E2E_USERS)[keyof typeof E2E_USERS];

/** The portal under test is started with this INSTAGRAM_URL, so the footer shows the Instagram icon. */
export const E2E_INSTAGRAM_URL = 'https://www.instagram.com/partner-portal-e2e/';
