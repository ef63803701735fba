import {
  Menu,
  MenuButton,
  MenuHeading,
  MenuItem,
  MenuItems,
  MenuSection,
  MenuSeparator,
} from '@headlessui/react';
import { Link } from 'react-router';
import type { StoredUser } from '../lib/session';
import { useAuthedImage } from '../lib/authed-image';
import { ACCOUNT_ITEMS, initials } from './nav-items';

const itemClass =
  'block px-4 py-2 text-sm text-gray-800 data-focus:bg-brand/50 data-focus:text-ink';

/**
 * The signed-in user's button (its accessible name is always the fullName, even on a phone where
 * only the initials show) opening Sign out, My Account and, for admins, Create Account.
 */
export function UserMenu({ user, isAdmin }: { user: StoredUser; isAdmin: boolean }) {
  // The picture once one is uploaded; a changed user (a new picture saved in My Account) fetches it again.
  const pic = useAuthedImage(user.profilePicUrl, user);
  return (
    <Menu>
      <MenuButton className="flex min-w-0 items-center gap-2 rounded-full py-1 pr-1 pl-1 text-sm font-semibold text-ink hover:bg-black/10 data-open:bg-black/10 sm:pr-3">
        {pic.src ? (
          <img
            src={pic.src}
            alt=""
            aria-hidden
            className="h-8 w-8 shrink-0 rounded-full object-cover ring-2 ring-ink"
            data-testid="header-avatar-picture"
          />
        ) : (
          <span
            aria-hidden
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-ink text-xs font-bold text-brand"
          >
            {initials(user.fullName)}
          </span>
        )}
        {/* sr-only on phones keeps the name in the button's accessible name while only the initials show. */}
        <span className="sr-only sm:not-sr-only sm:block sm:max-w-[10rem] sm:truncate lg:max-w-[14rem]">
          {user.fullName}
        </span>
        <svg
          aria-hidden
          viewBox="0 0 20 20"
          className="hidden h-4 w-4 shrink-0 fill-current sm:block"
        >
          <path d="M5.5 7.5 10 12l4.5-4.5z" />
        </svg>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        transition
        className="z-50 w-64 origin-top-right rounded-lg border border-gray-200 bg-white py-1 shadow-lg transition duration-100 ease-out [--anchor-gap:8px] focus:outline-none data-closed:scale-95 data-closed:opacity-0"
      >
        <MenuSection>
          <MenuHeading className="border-b border-gray-100 px-4 pt-2 pb-3">
            <span className="block truncate text-sm font-semibold text-ink">{user.fullName}</span>
            <span className="block truncate text-xs font-normal text-gray-600">{user.email}</span>
            <span className="mt-1 block text-xs font-normal text-gray-600">
              {isAdmin ? 'Admin · all brands' : (user.brand?.name ?? 'No brand assigned')}
            </span>
          </MenuHeading>
          <MenuItem>
            <Link to={ACCOUNT_ITEMS.myAccount.to} className={itemClass}>
              {ACCOUNT_ITEMS.myAccount.label}
            </Link>
          </MenuItem>
          {isAdmin && (
            <MenuItem>
              <Link to={ACCOUNT_ITEMS.createAccount.to} className={itemClass}>
                {ACCOUNT_ITEMS.createAccount.label}
              </Link>
            </MenuItem>
          )}
          {isAdmin && (
            <MenuItem>
              <Link to={ACCOUNT_ITEMS.integrations.to} className={itemClass}>
                {ACCOUNT_ITEMS.integrations.label}
              </Link>
            </MenuItem>
          )}
          {isAdmin && (
            <MenuItem>
              <Link to={ACCOUNT_ITEMS.releases.to} className={itemClass}>
                {ACCOUNT_ITEMS.releases.label}
              </Link>
            </MenuItem>
          )}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-gray-100" />
        <MenuItem>
          <Link to={ACCOUNT_ITEMS.signOut.to} className={itemClass}>
            {ACCOUNT_ITEMS.signOut.label}
          </Link>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
