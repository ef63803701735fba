import { Readable } from 'node:stream';
import type { AppDeps } from '../../context';
import {
  NEWSLETTER_MSG,
  NEWSLETTER_RATE_LIMIT,
  type NewsletterSummary,
  type SubscribeRequest,
  type SubscribeResponse,
} from '../../../shared/contracts/newsletter';
import { retryIn, tooMany } from '../../lib/app-error';
import { csvLine } from '../../lib/csv';
import * as repo from './newsletter.repo';

const TOO_MANY = (seconds: number) =>
  `Too many subscription requests. Please try again ${retryIn(seconds)}.`;

async function assertUnderLimit(deps: AppDeps, email: string, ip: string) {
  const { windowSeconds, perEmail, perIp } = NEWSLETTER_RATE_LIMIT;
  const [byEmail, byIp] = await Promise.all([
    deps.counter.hit(`newsletter:email:${email}`, windowSeconds),
    deps.counter.hit(`newsletter:ip:${ip}`, windowSeconds),
  ]);
  if (byEmail.count > perEmail)
    throw tooMany(TOO_MANY(byEmail.resetInSeconds), byEmail.resetInSeconds);
  if (byIp.count > perIp) throw tooMany(TOO_MANY(byIp.resetInSeconds), byIp.resetInSeconds);
}

/** Stores the address once, lower-cased; subscribing again answers the same success. */
export async function subscribe(
  deps: AppDeps,
  input: SubscribeRequest,
  ip: string,
): Promise<SubscribeResponse> {
  const email = input.email.toLowerCase();
  await assertUnderLimit(deps, email, ip);
  await repo.insertSubscription(deps.database.db, email);
  return { message: NEWSLETTER_MSG.subscribed };
}

export async function summary(deps: AppDeps): Promise<NewsletterSummary> {
  const s = await repo.summary(deps.database.db);
  return { totalCountData: s.count, latestAt: s.latest ? new Date(s.latest).toISOString() : null };
}

const PAGE = 1000;

/** The subscription list as CSV, read in pages so a long list never sits in memory at once. */
export function exportCsv(deps: AppDeps): Readable {
  async function* lines() {
    yield csvLine(['email', 'subscribed_at']);
    for (let afterId = 0; ;) {
      const rows = await repo.pageAfter(deps.database.db, afterId, PAGE);
      const last = rows.at(-1);
      if (!last) return;
      afterId = last.id;
      yield rows.map((r) => csvLine([r.email, r.createdAt.toISOString()])).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

export function exportFileName(now = new Date()): string {
  return `newsletter-subscribers-${now.toISOString().slice(0, 10)}.csv`;
}
