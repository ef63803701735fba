import type { DbOrTx } from '../db/client';
import type { WebhookEventType } from '../../shared/contracts/integrations';

/**
 * A change to a pattern, as the features that make changes say it: the patterns, lifecycle and
 * Trash features call `recordPatternEvent(tx, type, id)` once per changed pattern, in the change's
 * transaction, and know nothing of who listens. The listeners (the storefront's queue, the
 * webhooks) are handlers registered by `src/server/background.ts`, where the app's background work
 * is put together (docs/architecture.md, "Changes as events").
 *
 * Each handler runs in the change's transaction and writes its own rows to the outbox there
 * (storefront_pending and a delivery job; a webhook event and its deliveries): a rolled-back change
 * leaves nothing, a committed one is never lost, and what the portal shows of the storefront
 * ("waiting to be sent") is true from the moment the change is committed.
 */
export type PatternEventType = Extract<WebhookEventType, `pattern.${string}`>;

export interface PatternEvent {
  type: PatternEventType;
  patternId: number;
}

export interface PatternEventHandler {
  /** Who listens (in errors and logs). */
  name: string;
  handle(tx: DbOrTx, event: PatternEvent): Promise<void>;
}

let handlers: readonly PatternEventHandler[] = [];

/**
 * Sets the handlers, in the order they run (the storefront first: it takes the locks in the order
 * docs/storefront.md gives). Called once per app build; building another app in the same process
 * sets the same list again.
 */
export function setPatternEventHandlers(list: readonly PatternEventHandler[]) {
  handlers = list;
}

/** The handlers now set (for the test that proves what is registered). */
export const patternEventHandlers = () => handlers;

/** Records that pattern `patternId` changed (`type`): every handler takes it in this transaction. */
export async function recordPatternEvent(tx: DbOrTx, type: PatternEventType, patternId: number) {
  const event = { type, patternId };
  for (const h of handlers) await h.handle(tx, event);
}
