import type { DbOrTx } from '../db/client';
import type { WebhookEventType } from '../../shared/contracts/integrations';

/**
 * A change to patterns, as the features that make changes say it: the patterns, lifecycle and
 * Trash features call `recordPatternEvent(tx, type, id)` for a changed pattern (or
 * `recordPatternEvents(tx, type, ids)` for several changed alike, as an import's chunk), in the
 * change's transaction, and know nothing of who listens. The listeners (the storefront's queue, the
 * webhooks) are handlers registered by `src/server/background.ts`, where the app's background work
 * is put together (docs/architecture.md, "Changes as events").
 *
 * Each handler runs in the change's transaction and writes its own rows to the outbox there
 * (storefront_pending and a delivery job; a webhook event and its deliveries): a rolled-back change
 * leaves nothing, a committed one is never lost, and what the portal shows of the storefront
 * ("waiting to be sent") is true from the moment the change is committed.
 */
export type PatternEventType = Extract<WebhookEventType, `pattern.${string}`>;

/** One kind of change to one or more patterns (in the order they are given). */
export interface PatternEvent {
  type: PatternEventType;
  patternIds: readonly number[];
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
export const recordPatternEvent = (tx: DbOrTx, type: PatternEventType, patternId: number) =>
  recordPatternEvents(tx, type, [patternId]);

/**
 * Records that these patterns changed alike (`type`), in one call: a handler looks up once what it
 * needs for all of them (the webhooks' subscribers), then acts for each pattern in turn.
 */
export async function recordPatternEvents(
  tx: DbOrTx,
  type: PatternEventType,
  patternIds: readonly number[],
) {
  if (!patternIds.length) return;
  const event = { type, patternIds };
  for (const h of handlers) await h.handle(tx, event);
}
