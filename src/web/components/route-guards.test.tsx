import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ADMIN, PARTNER, renderRoute } from '../test/render-route';

/** The admin-only screens and their headings (router.tsx: under RequireAdmin; the server refuses their calls too). */
const ADMIN_SCREENS = [
  ['/app/signup', 'Create Account'],
  ['/app/support-inbox', 'Support inbox'],
  ['/app/integrations', 'Integrations'],
] as const;

describe('Admin screens on the web side (issue 32 item 9: a route that loses its guard is caught here)', () => {
  for (const [path, heading] of ADMIN_SCREENS) {
    it(`${path}: a partner lands on the dashboard and never sees the screen`, async () => {
      const view = renderRoute(path, { user: PARTNER });
      await waitFor(() => expect(view.location()).toBe('/app/dashboard'));
      await waitFor(() => expect(document.title).toBe('Dashboard · Partner Portal'));
      expect(screen.queryByRole('heading', { level: 1, name: heading })).toBeNull();
    });

    it(`${path}: an admin sees it`, async () => {
      const view = renderRoute(path, { user: ADMIN });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(view.location()).toBe(path);
    });

    it(`${path}: signed out goes to the sign-in screen`, async () => {
      const view = renderRoute(path, { user: null });
      await waitFor(() => expect(view.location()).toBe('/app/login'));
    });
  }

  it('My Account: a partner has no Users or Brands tab, an admin has both', async () => {
    renderRoute('/app/my-account?tab=users', { user: PARTNER });
    await screen.findByRole('heading', { level: 1, name: 'My Account' });
    expect(screen.queryByRole('tab', { name: 'Users' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Brands' })).toBeNull();
  });

  it('My Account: an admin has the Users tab', async () => {
    renderRoute('/app/my-account?tab=users', { user: ADMIN });
    expect(await screen.findByRole('tab', { name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Brands' })).toBeTruthy();
  });
});
