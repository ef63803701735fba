import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { loadAfterFirstScreen } from '../lib/first-screen';
import { Logo } from './logo';
import { ACCOUNT_ITEMS, initials, NAV_ITEMS, navCurrent } from './nav-items';
import { ToReviewLink } from './to-review-link';
import { AttentionLink } from './attention-link';

// The menu and the phone panel carry Headless UI (menus, dialogs, floating positioning): loaded on
// their own, they stay out of the sign-in page's script, and the panel loads on its first opening.
// The menu comes once the first screen is painted (lib/first-screen.ts): its look stands in before.
const loadUserMenu = loadAfterFirstScreen(() => import('./user-menu'));
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));
const loadMobileNav = () => import('./mobile-nav');
const MobileNav = lazy(() => loadMobileNav().then((m) => ({ default: m.MobileNav })));

const barLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-2 text-sm font-semibold whitespace-nowrap transition-colors lg:px-3 ${isActive ? 'bg-ink text-brand' : 'text-ink hover:bg-black/10'}`;

/**
 * The header on every screen: logo to the dashboard, the main navigation (active link marked with
 * aria-current by NavLink), and either the Login link or the fullName menu. Below 900 px (md) the
 * navigation moves into a slide-in panel opened by the menu button.
 */
export function Header() {
  const { user, isAdmin } = useAuth();
  const [panelOpen, setPanelOpen] = useState(false);
  const [panelUsed, setPanelUsed] = useState(false);
  const closePanel = useCallback(() => setPanelOpen(false), []);
  const { pathname } = useLocation();

  // On a phone the panel is likely wanted: fetch its script once the page is idle, so the first tap opens it at once.
  useEffect(() => {
    if (!window.matchMedia('(max-width: 899px)').matches) return;
    const id = setTimeout(() => void loadMobileNav(), 1500);
    return () => clearTimeout(id);
  }, []);

  // Any navigation (links, back button, a redirect) closes the panel.
  useEffect(() => setPanelOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-40 bg-brand shadow-sm">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo compact={Boolean(user)} />
        <nav aria-label="Main" className="hidden md:ml-2 md:block lg:ml-6">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={navCurrent(pathname, item.to)}
                  className={barLink({ isActive: Boolean(navCurrent(pathname, item.to)) })}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {isAdmin && <ToReviewLink />}
          {user && !isAdmin && <AttentionLink />}
          {user ? (
            <Suspense
              fallback={
                // Same size as the menu button, so nothing moves when it arrives; not a button until it can open.
                <span
                  aria-hidden
                  className="flex items-center gap-2 py-1 pl-1 text-sm font-semibold text-ink sm:pr-3"
                >
                  <span className="flex h-8 w-8 items-center justify-center rounded-full bg-ink text-xs font-bold text-brand">
                    {initials(user.fullName)}
                  </span>
                  <span className="hidden sm:block sm:max-w-[10rem] sm:truncate lg:max-w-[14rem]">
                    {user.fullName}
                  </span>
                  <span className="hidden h-4 w-4 sm:block" />
                </span>
              }
            >
              <UserMenu user={user} isAdmin={isAdmin} />
            </Suspense>
          ) : (
            <ul aria-label="Account">
              <li>
                <NavLink to={ACCOUNT_ITEMS.login.to} className={barLink}>
                  {ACCOUNT_ITEMS.login.label}
                </NavLink>
              </li>
            </ul>
          )}
          <button
            type="button"
            className="rounded-md p-2 text-ink hover:bg-black/10 md:hidden"
            aria-label="Open main menu"
            aria-expanded={panelOpen}
            aria-haspopup="dialog"
            onClick={() => {
              setPanelUsed(true);
              setPanelOpen(true);
            }}
          >
            <svg
              aria-hidden
              viewBox="0 0 24 24"
              className="h-6 w-6 fill-none stroke-current stroke-2"
            >
              <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        </div>
      </div>
      {panelUsed && (
        <Suspense fallback={null}>
          <MobileNav open={panelOpen} onClose={closePanel} user={user} isAdmin={isAdmin} />
        </Suspense>
      )}
    </header>
  );
}
