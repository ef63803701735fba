import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StorefrontTarget } from '../../../../shared/contracts/storefront';
import { TargetCard } from './storefront-panel';

const target: StorefrontTarget = {
  name: 'production',
  enabled: true,
  url: 'https://sfcc.example.com',
  clientId: 'client-1',
  hasClientSecret: true,
  webdavUser: 'merch@example.com',
  hasWebdavKey: true,
  catalogId: 'ppp-catalog',
  pricebookId: 'ppp-usd',
  currency: 'USD',
  addressProblem: null,
  pending: 3,
  runs: [],
};
const card = (t: StorefrontTarget) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TargetCard target={t} />
    </QueryClientProvider>,
  );

describe('the storefront target on the Integrations screen', () => {
  it('shows a refused address at the Instance, and which WebDAV login is used (never the key)', () => {
    card({
      ...target,
      url: 'https://sfcc.internal',
      addressProblem:
        'The production storefront address is refused: STOREFRONT_PRODUCTION_URL: The URL points to a private, loopback, link-local or metadata address (10.0.0.5)',
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('(10.0.0.5)');
    // Said at the field: the Instance's value is described by the message.
    const instance = screen.getByText('https://sfcc.internal');
    expect(instance.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByText('merch@example.com (access key set)')).toBeTruthy();
  });

  it('shows the last delivery failure in plain words, above the runs', () => {
    const message =
      'upload refused: WebDAV did not accept the user and access key (HTTP 401): Unauthorized; check STOREFRONT_PRODUCTION_WEBDAV_USER and _WEBDAV_KEY';
    card({
      ...target,
      runs: [
        {
          id: 2,
          status: 'error',
          archiveName: 'ppp_production_x',
          products: 3,
          message,
          startedAt: '2026-11-26T18:00:00.000Z',
          finishedAt: '2026-11-26T18:00:01.000Z',
        },
      ],
    });
    expect(screen.getByRole('alert').textContent).toBe(`Last delivery failed: ${message}`);
    const runs = screen.getByRole('list');
    expect(within(runs).getByText('Error')).toBeTruthy();
  });

  it('shows no alert when the address passes and the last run went through', () => {
    card({
      ...target,
      runs: [
        {
          id: 3,
          status: 'ok',
          archiveName: 'ppp_production_y',
          products: 1,
          message: null,
          startedAt: '2026-11-26T18:00:00.000Z',
          finishedAt: '2026-11-26T18:00:01.000Z',
        },
      ],
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
