import type { SubscribeRequest, SubscribeResponse } from '../../../../shared/contracts/newsletter';
import { NEWSLETTER_PATHS } from '../../../../shared/contracts/newsletter-paths';
import { api } from '../../../lib/api-client';

export const subscribe = (body: SubscribeRequest) =>
  api<SubscribeResponse>(NEWSLETTER_PATHS.subscribe, { method: 'POST', body });

/** The footer form's `onSubscribe`: resolves when the address is on the list (also when it already was). */
export async function subscribeToNewsletter(email: string): Promise<void> {
  await subscribe({ email });
}
