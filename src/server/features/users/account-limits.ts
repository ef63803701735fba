import { CODE_RULES, RESET_LINK_VALID_MINUTES } from '../../../shared/contracts/users';

/**
 * One-time codes (docs/product-decisions.md: 10 minutes, 5 tries). A user may ask for 5 codes an hour: enough
 * for a mistyped address or a slow mailbox, too few to flood someone's inbox.
 */
export const CODE_LIMITS = { ...CODE_RULES, requestsPerWindow: 5, windowSeconds: 60 * 60 } as const;

/**
 * Reset links (docs/product-decisions.md: one hour, single use). Requests are limited per e-mail (the inbox of
 * whoever owns it) and per address (one client probing many e-mails).
 */
export const RESET_LIMITS = {
  validMinutes: RESET_LINK_VALID_MINUTES,
  perEmail: 5,
  perAddress: 20,
  windowSeconds: 60 * 60,
} as const;
