/** The main navigation of spec section 2, shared by the header bar and the phone panel. */
export const NAV_ITEMS = [
  { to: '/app/about', label: 'About' },
  { to: '/app/show-records', label: 'My Patterns' },
  { to: '/app/add-record', label: 'Add Patterns' },
  { to: '/app/contact-support', label: 'Support' },
] as const;

const onPath = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** Screens reached from a section's screen belong to it: the Trash and the imports to My Patterns. */
const SECTION_OF: { under: string; section: string }[] = [
  { under: '/app/trash', section: '/app/show-records' },
  { under: '/app/imports', section: '/app/show-records' },
];

/**
 * How a main navigation link is marked on `pathname`: 'page' on its own screens, 'true' on the
 * screens of its section (the Trash and the imports are My Patterns'); About, the spec's default
 * active item (section 2), is marked on the dashboard only. Any other screen (Integrations, My
 * Account, a 404) marks none: it belongs to no section of the bar.
 */
export function navCurrent(pathname: string, to: string): 'page' | 'true' | undefined {
  if (onPath(pathname, to)) return 'page';
  if (SECTION_OF.some((s) => s.section === to && onPath(pathname, s.under))) return 'true';
  return to === DEFAULT_NAV_ITEM && onPath(pathname, '/app/dashboard') ? 'true' : undefined;
}
export const DEFAULT_NAV_ITEM = '/app/about';

/** Account links of the fullName menu; Create Account is for admins only. */
export const ACCOUNT_ITEMS = {
  myAccount: { to: '/app/my-account', label: 'My Account' },
  createAccount: { to: '/app/signup', label: 'Create Account' },
  integrations: { to: '/app/integrations', label: 'Integrations' },
  releases: { to: '/app/releases', label: 'Releases' },
  signOut: { to: '/app/signout', label: 'Sign out' },
  login: { to: '/app/login', label: 'Login' },
} as const;

/** Two letters for the avatar: first and last word of the name. */
export function initials(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
