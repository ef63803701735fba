import type { EditStatus } from '../../shared/contracts/lifecycle-paths';
import type { PatternStatus } from '../../shared/options';

/**
 * The badges' look, in one place for the React badges (status-badge.tsx, edit-status-badge.tsx,
 * storefront-badge.tsx) and for My Patterns' first rows, which web/boot.ts draws before React has
 * loaded (features/pattern-list/first-rows.ts; ADR 016). No React here.
 */
export const BADGE_CLASS =
  'inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

export const STATUS_TONE: Record<PatternStatus, string> = {
  draft: 'bg-gray-100 text-gray-800 ring-gray-300',
  in_review: 'bg-blue-50 text-blue-900 ring-blue-300',
  changes_requested: 'bg-amber-50 text-amber-900 ring-amber-400',
  published: 'bg-green-50 text-green-900 ring-green-400',
};

export const EDIT_STATUS_TONE: Record<EditStatus, string> = {
  in_review: 'bg-blue-50 text-blue-900 ring-blue-300',
  changes_requested: 'bg-amber-50 text-amber-900 ring-amber-400',
};

/** Where a pattern stands on the storefront (admins' list rows): its words, its tooltip, its tone. */
export const STOREFRONT_BADGE = {
  live: {
    label: 'Live',
    title: 'Live on the production storefront',
    tone: 'bg-green-50 text-green-900 ring-green-400',
  },
  staging: {
    label: 'On staging',
    title: 'On the staging storefront',
    tone: 'bg-blue-50 text-blue-900 ring-blue-300',
  },
  failed: {
    label: 'Storefront failed',
    title: 'The last storefront import failed: open the pattern to see why and retry',
    tone: 'bg-red-50 text-red-900 ring-red-400',
  },
  pending: {
    label: 'Sending',
    title: 'Waiting to be sent to the storefront',
    tone: 'bg-gray-50 text-gray-800 ring-gray-300',
  },
  offline: {
    label: 'Offline',
    title: 'Offline on the storefront',
    tone: 'bg-gray-50 text-gray-800 ring-gray-300',
  },
} as const;
