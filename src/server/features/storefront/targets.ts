import { EnvError, type Env } from '../../config/env';
import type { Db } from '../../db/client';
import type { StorefrontTargetName } from '../../../shared/contracts/storefront';
import { addressProblem, type TargetConfig } from './client';
import { deliverSoon } from './queue';
import { hasPending, saveTargetSettings } from './storefront.repo';

export type { TargetConfig };

export function targetConfig(env: Env, name: StorefrontTargetName): TargetConfig {
  const v = (k: string) =>
    (env as unknown as Record<string, string | undefined>)[
      `STOREFRONT_${name.toUpperCase()}_${k}`
    ] ?? null;
  return {
    name,
    url: v('URL')?.replace(/\/+$/, '') ?? null,
    clientId: v('CLIENT_ID'),
    clientSecret: v('CLIENT_SECRET'),
    webdavUser: v('WEBDAV_USER'),
    webdavKey: v('WEBDAV_KEY'),
    catalogId: v('CATALOG_ID') ?? 'storefront-catalog',
    pricebookId: v('PRICEBOOK_ID') ?? `storefront-${(v('CURRENCY') ?? 'USD').toLowerCase()}`,
    currency: v('CURRENCY') ?? 'USD',
    categoryMap: env.STOREFRONT_CATEGORY_MAP,
    oauthUrl: env.STOREFRONT_OAUTH_URL,
    allowPrivate: env.STOREFRONT_ALLOW_PRIVATE,
  };
}

/** A target is on when its URL and the API client's id and secret are set (WebDAV falls back to the same client). */
export const targetEnabled = (t: TargetConfig) => !!(t.url && t.clientId && t.clientSecret);

/**
 * Writes the environment's view of the targets into storefront_targets, so the queueing code in
 * any transaction knows which targets are on and the batch interval without reading the environment.
 * At start-up, too: a target address that breaks the https / public-address rule refuses the
 * start with the variable at fault (a host name that does not resolve now is checked again at
 * each delivery), and what a target left waiting (the queue gave up, or its address or
 * credentials were refused before this restart) is sent again.
 */
export async function syncTargets(db: Db, env: Env): Promise<void> {
  for (const name of ['staging', 'production'] as const) {
    const t = targetConfig(env, name);
    if (t.url) {
      const problem = await addressProblem(t, undefined, { unresolvedIsFine: true });
      if (problem)
        throw new EnvError(`Invalid configuration: ${problem.variable}: ${problem.reason}`);
    }
    const enabled = targetEnabled(t);
    await saveTargetSettings(db, name, {
      enabled,
      batchMs: Math.round(env.STOREFRONT_BATCH_SECONDS * 1000),
    });
    if (!enabled) continue;
    // One job for processes starting in the same minute (the dedupe key), after the batch window.
    if (await hasPending(db, name))
      await deliverSoon(db, name, `start-${Math.floor(Date.now() / 60_000)}`);
  }
}
