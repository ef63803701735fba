import type { AuthUser } from '../context';

/**
 * Brand scoping in one place: the brand a user's reads and writes are limited to, or null for
 * admins (every brand). Records outside the scope answer 404, never 403 (docs/product-decisions.md).
 */
export function brandScope(user: AuthUser): number | null {
  return user.role === 'admin' ? null : (user.brandId ?? -1);
}

export function canSeeBrand(user: AuthUser, brandId: number): boolean {
  const scope = brandScope(user);
  return scope === null || scope === brandId;
}
