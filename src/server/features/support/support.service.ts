import type { AppDeps, AuthUser } from '../../context';
import {
  SUPPORT_LABELS,
  SUPPORT_RATE_LIMIT,
  type ContactSupportRequest,
  type SupportListParams,
  type SupportListResponse,
  type SupportMessage,
} from '../../../shared/contracts/support';
import { SUPPORT_PHONE } from '../../../shared/messages';
import { notFound, retryIn, tooMany } from '../../lib/app-error';
import { enqueueMail, MAIL_JOB } from '../../mail/mail-job';
import * as repo from './support.repo';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findMessage>>>;

function toMessage(row: Row): SupportMessage {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
  };
}

/** The e-mail the support inbox receives; Reply-To is the sender, so answering reaches them directly. */
export function supportMail(m: SupportMessage, publicUrl: string) {
  const L = SUPPORT_LABELS;
  const lines = [
    `Support message #${m.id} from the Partner Portal`,
    '',
    `${L.fullName}: ${m.fullName}`,
    `${L.Brand_Company}: ${m.Brand_Company}`,
    `${L.email}: ${m.email}`,
    `${L.phoneNumber}: ${m.phoneNumber}`,
    `${L.country}: ${m.country ?? '-'}`,
    `Account: user #${m.userId ?? '-'}${m.brandName ? `, brand ${m.brandName}` : ''}`,
    `${L.subject}: ${m.subject}`,
    '',
    `${L.message}:`,
    m.message ?? '(no message)',
    '',
    `Support inbox: ${publicUrl}/app/support-inbox`,
  ];
  return { subject: `[Support #${m.id}] ${m.subject}`, text: lines.join('\n') };
}

async function assertUnderLimit(deps: AppDeps, userId: number) {
  const { count, resetInSeconds } = await deps.counter.hit(
    `support:user:${userId}`,
    SUPPORT_RATE_LIMIT.windowSeconds,
  );
  if (count > SUPPORT_RATE_LIMIT.max) {
    throw tooMany(
      `You have sent ${SUPPORT_RATE_LIMIT.max} messages in the last ${SUPPORT_RATE_LIMIT.windowSeconds / 60} minutes. ` +
        `Please try again ${retryIn(resetInSeconds)}, or call us at ${SUPPORT_PHONE}.`,
      resetInSeconds,
    );
  }
}

/**
 * Stores the message with the sender's account and brand, and queues its e-mail to SUPPORT_EMAIL
 * in the same transaction. The stored row is what support works from (the admins' inbox); a mail
 * server that refuses the mail makes the job retry (then fail, visible in the jobs table and
 * /metrics), never an error the sender cannot act on.
 */
export async function sendMessage(
  deps: AppDeps,
  user: AuthUser,
  input: ContactSupportRequest,
): Promise<SupportMessage> {
  await assertUnderLimit(deps, user.id);
  const message = await deps.database.db.transaction(async (tx) => {
    const id = await repo.insertMessage(tx, {
      ...input,
      country: input.country ?? null,
      message: input.message ?? null,
      userId: user.id,
      brandId: user.brandId,
    });
    const row = await repo.findMessage(tx, id);
    if (!row) throw notFound('Support message');
    const stored = toMessage(row);
    await enqueueMail(tx, {
      to: deps.env.SUPPORT_EMAIL,
      replyTo: stored.email,
      ...supportMail(stored, deps.env.publicUrl),
    });
    return stored;
  });
  deps.kicks.kick(MAIL_JOB);
  return message;
}

export async function listMessages(
  deps: AppDeps,
  q: SupportListParams,
): Promise<SupportListResponse> {
  const db = deps.database.db;
  const [rows, total] = await Promise.all([
    repo.listMessages(db, {
      status: q.status,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    }),
    repo.countMessages(db, q.status),
  ]);
  return { data: rows.map(toMessage), totalCountData: total };
}

export async function markHandled(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
  handled: boolean,
): Promise<SupportMessage> {
  const db = deps.database.db;
  if (!(await repo.setHandled(db, id, handled ? admin.id : null)))
    throw notFound('Support message');
  const row = await repo.findMessage(db, id);
  if (!row) throw notFound('Support message');
  return toMessage(row);
}
