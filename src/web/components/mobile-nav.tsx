import { useEffect } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSnapShut } from './use-snap-shut';
import { Link, NavLink, useLocation } from 'react-router';
import type { StoredUser } from '../lib/session';
import { Logo } from './logo';
import { ACCOUNT_ITEMS, NAV_ITEMS, navCurrent } from './nav-items';

interface MobileNavProps {
  open: boolean;
  onClose(): void;
  user: StoredUser | null;
  isAdmin: boolean;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-3 text-base font-semibold ${isActive ? 'bg-brand text-ink' : 'text-gray-800 hover:bg-gray-100'}`;

/**
 * The navigation below 900 px: a panel sliding in from the right. Headless UI's Dialog traps
 * focus, closes on Escape or a click outside, and gives focus back to the menu button.
 */
export function MobileNav({ open, onClose, user, isAdmin }: MobileNavProps) {
  // Widening the window past the md breakpoint hides the panel; close it so it does not keep the page inert.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia('(min-width: 900px)');
    const onChange = () => wide.matches && onClose();
    onChange();
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open, onClose]);

  const snap = useSnapShut(open);
  const { pathname } = useLocation();
  return (
    <Dialog
      key={snap.key}
      ref={snap.ref}
      open={open}
      onClose={onClose}
      className="fixed inset-0 z-50 md:hidden"
    >
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-black/40 transition-opacity duration-200 ease-out data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel
          transition
          className="flex h-full w-full max-w-xs flex-col overflow-y-auto bg-white shadow-xl transition duration-200 ease-out data-closed:translate-x-full motion-reduce:transition-none"
        >
          <div className="flex h-16 shrink-0 items-center justify-between bg-brand px-4">
            <DialogTitle className="sr-only">Menu</DialogTitle>
            <Logo onNavigate={onClose} />
            <button
              type="button"
              onClick={onClose}
              className="rounded-md p-2 text-ink hover:bg-black/10"
              aria-label="Close menu"
            >
              <svg
                aria-hidden
                viewBox="0 0 24 24"
                className="h-6 w-6 fill-none stroke-current stroke-2"
              >
                <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </div>
          <nav aria-label="Main" className="px-3 py-4">
            <ul className="flex flex-col gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={navCurrent(pathname, item.to)}
                    className={linkClass({ isActive: Boolean(navCurrent(pathname, item.to)) })}
                    onClick={onClose}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto border-t border-gray-200 px-3 py-4">
            {user ? (
              <>
                <p className="px-3 pb-2 text-sm">
                  <span className="block truncate font-semibold text-ink">{user.fullName}</span>
                  <span className="block truncate text-gray-600">{user.email}</span>
                </p>
                <ul aria-label="Account" className="flex flex-col gap-1">
                  <li>
                    <NavLink
                      to={ACCOUNT_ITEMS.myAccount.to}
                      className={linkClass}
                      onClick={onClose}
                    >
                      {ACCOUNT_ITEMS.myAccount.label}
                    </NavLink>
                  </li>
                  {isAdmin && (
                    <li>
                      <NavLink
                        to={ACCOUNT_ITEMS.createAccount.to}
                        className={linkClass}
                        onClick={onClose}
                      >
                        {ACCOUNT_ITEMS.createAccount.label}
                      </NavLink>
                    </li>
                  )}
                  {isAdmin && (
                    <li>
                      <NavLink
                        to={ACCOUNT_ITEMS.integrations.to}
                        className={linkClass}
                        onClick={onClose}
                      >
                        {ACCOUNT_ITEMS.integrations.label}
                      </NavLink>
                    </li>
                  )}
                  {isAdmin && (
                    <li>
                      <NavLink
                        to={ACCOUNT_ITEMS.releases.to}
                        className={linkClass}
                        onClick={onClose}
                      >
                        {ACCOUNT_ITEMS.releases.label}
                      </NavLink>
                    </li>
                  )}
                  <li>
                    <NavLink to={ACCOUNT_ITEMS.signOut.to} className={linkClass} onClick={onClose}>
                      {ACCOUNT_ITEMS.signOut.label}
                    </NavLink>
                  </li>
                </ul>
              </>
            ) : (
              <NavLink to={ACCOUNT_ITEMS.login.to} className={linkClass} onClick={onClose}>
                {ACCOUNT_ITEMS.login.label}
              </NavLink>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
