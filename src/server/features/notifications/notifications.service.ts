import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../context';
import { badRequest } from '../../lib/app-error';
import { enqueueJob } from '../../jobs/outbox';
import { MAIL_JOB, type MailJobPayload } from '../../mail/mail-job';
import {
  type MailPreferences,
  type ReviewRecipients,
  NOTIFICATION_MSG,
} from '../../../shared/contracts/notifications';
import * as repo from './notifications.repo';

export async function getPreferences(db: DbOrTx, user: AuthUser): Promise<MailPreferences> {
  const row = await repo.findPreferences(db, user.id);
  return { reviewMails: row?.reviewMails ?? true };
}

export async function setPreferences(db: DbOrTx, user: AuthUser, input: MailPreferences) {
  await repo.upsertPreferences(db, user.id, { reviewMails: input.reviewMails });
  return { data: await getPreferences(db, user), message: NOTIFICATION_MSG.preferencesSaved };
}

export async function listReviewRecipients(db: DbOrTx): Promise<ReviewRecipients> {
  return { data: await repo.listAdmins(db) };
}

export async function setReviewRecipients(
  db: DbOrTx,
  userIds: number[],
): Promise<ReviewRecipients> {
  return db.transaction(async (tx) => {
    const admins = (await repo.listAdmins(tx)).map((a) => a.id);
    const unknown = userIds.filter((id) => !admins.includes(id));
    if (unknown.length)
      throw badRequest(`Not an enabled admin: ${unknown.join(', ')}`, {
        userIds: 'Choose admins only',
      });
    await repo.setRecipients(tx, admins, userIds);
    return { data: await repo.listAdmins(tx), message: NOTIFICATION_MSG.recipientsSaved };
  });
}

export type ReviewEvent =
  /** `publishedEdit`: the edit of a published pattern, which stays published meanwhile. */
  | { kind: 'sent_to_review'; publishedEdit?: boolean }
  | {
      kind: 'changes_requested';
      reason: string;
      notes: { label: string; text: string }[];
      publishedEdit?: boolean;
    }
  | { kind: 'published' }
  | { kind: 'unpublished'; reason: string };

const SUBJECT: Record<ReviewEvent['kind'], string> = {
  sent_to_review: 'waits for your review',
  changes_requested: 'changes requested',
  published: 'published',
  unpublished: 'unpublished',
};

function body(e: ReviewEvent, who: string, what: string, link: string): string {
  const lines = [];
  if (e.kind === 'sent_to_review')
    lines.push(
      e.publishedEdit
        ? `${who} sent an edit of ${what} to review. The pattern stays published as it was until you publish the edit.`
        : `${who} sent ${what} to review.`,
    );
  if (e.kind === 'changes_requested') {
    lines.push(
      e.publishedEdit
        ? `${who} requested changes to the edit of ${what}. The pattern stays published as it was.`
        : `${who} requested changes to ${what}.`,
      '',
      `Reason: ${e.reason}`,
    );
    if (e.notes.length) lines.push('', 'Notes:', ...e.notes.map((n) => `- ${n.label}: ${n.text}`));
  }
  if (e.kind === 'published') lines.push(`${who} published ${what} to production.`);
  if (e.kind === 'unpublished')
    lines.push(`${who} unpublished ${what}; it is a draft again.`, '', `Reason: ${e.reason}`);
  lines.push('', `Open the pattern: ${link}`, '', 'You can turn these mails off in My Account.');
  return lines.join('\n');
}

/**
 * Queues the review mails of one lifecycle step in the step's own transaction: one message per
 * recipient and step (never per field), de-duplicated by the activity entry that caused it.
 */
export async function notifyReview(
  tx: DbOrTx,
  ctx: { publicUrl: string; actor: AuthUser; activityId: number },
  pattern: { ID: number; SFCC_Pattern_ID: string; Pattern_Name: string; brandId: number },
  e: ReviewEvent,
): Promise<number> {
  const to = await repo.recipients(
    tx,
    e.kind === 'sent_to_review' ? { admins: true } : { brandId: pattern.brandId },
    ctx.actor.id,
  );
  const what = `pattern ${pattern.SFCC_Pattern_ID} "${pattern.Pattern_Name}"`;
  const link = `${ctx.publicUrl}/app/show-records/${pattern.ID}`;
  for (const r of to) {
    const payload: MailJobPayload = {
      to: r.email,
      subject: `Pattern ${pattern.SFCC_Pattern_ID} ${SUBJECT[e.kind]}`,
      text: body(e, ctx.actor.fullName, what, link),
      messageId: `<review-${ctx.activityId}-${r.id}@pattern-partner-portal>`,
    };
    await enqueueJob(tx, {
      kind: MAIL_JOB,
      payload,
      dedupeKey: `mail:activity:${ctx.activityId}:user:${r.id}`,
    });
  }
  return to.length;
}
