import type { AppDeps, AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import { PATTERN_LABELS } from '../../../shared/contracts/patterns';
import {
  LIFECYCLE_MSG,
  type RequestChangesRequestSchema,
  type ReviewNote,
  type ReviewState,
  type TransitionResponse,
  type UnpublishRequest,
} from '../../../shared/contracts/lifecycle';
import type { z } from 'zod';
import { recordActivity } from '../activity';
import { notifyReview } from '../notifications';
import {
  editedAfter,
  loadPattern,
  setNoteAddressed as saveNoteAddressed,
  type openNotesOn,
} from '../patterns';
import { allowedActions, nextStatus, refusal, reviewTrack } from './transitions';
import { beginTransition, lifecycleState } from './lifecycle.service';
import * as repo from './review.repo';
import {
  diffSnapshots,
  recordUnpublication,
  takeSnapshot,
  type ReviewSnapshot,
} from '../published';
import { recordPatternEvent } from '../../events/pattern-events';
import { unpublishedState } from './attention.service';

type NoteRow =
  | Awaited<ReturnType<typeof openNotesOn>>[number]
  | {
      id: number;
      targetType: string;
      targetKey: string;
      targetLabel: string;
      text: string;
      addressedAt: Date | null;
    };
const toNote = (n: Extract<NoteRow, { text: string }>): ReviewNote => ({
  id: n.id,
  targetType: n.targetType as ReviewNote['targetType'],
  targetKey: n.targetKey,
  targetLabel: n.targetLabel,
  text: n.text,
  addressed: n.addressedAt !== null,
});

/**
 * in review → changes requested (admins): a reason, and notes each on a field, file or size the
 * pattern has. A published pattern's edit in review is sent back the same way; the pattern stays published.
 */
export async function requestChanges(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  input: z.output<typeof RequestChangesRequestSchema>,
): Promise<TransitionResponse> {
  return deps.database.db.transaction(async (tx) => {
    const p = await beginTransition(tx, user, id, 'requestChanges');
    const snap = await takeSnapshot(tx, p);
    const notes = input.notes.map((n, i) => {
      const label =
        n.targetType === 'field'
          ? (PATTERN_LABELS as Record<string, string>)[n.targetKey]
          : n.targetType === 'file'
            ? snap.files[n.targetKey] &&
              `${snap.files[n.targetKey]!.label} ${snap.files[n.targetKey]!.fileName}`
            : snap.sizes[n.targetKey] && `Size ${snap.sizes[n.targetKey]!.label}`;
      if (!label)
        throw badRequest(LIFECYCLE_MSG.unknownTarget, {
          [`notes.${i}.targetKey`]: LIFECYCLE_MSG.unknownTarget,
        });
      return { ...n, targetLabel: label };
    });
    const row = await repo.setStatus(tx, id, nextStatus('requestChanges', p));
    await repo.saveSnapshot(tx, id, snap, 'changes_requested');
    const activityId = await recordActivity(tx, user, id, 'changes_requested', {
      reason: input.reason,
      notes: notes.map((n) => ({ label: n.targetLabel, text: n.text })),
    });
    await recordPatternEvent(tx, 'pattern.changes_requested', id);
    const requestId = await repo.insertRequest(tx, {
      patternId: id,
      reason: input.reason,
      requestedBy: user.id,
      activityId,
    });
    await repo.insertNotes(
      tx,
      notes.map((n) => ({
        requestId,
        targetType: n.targetType,
        targetKey: n.targetKey,
        targetLabel: n.targetLabel,
        text: n.text,
      })),
    );
    await notifyReview(tx, { publicUrl: deps.env.publicUrl, actor: user, activityId }, p, {
      kind: 'changes_requested',
      reason: input.reason,
      notes: notes.map((n) => ({ label: n.targetLabel, text: n.text })),
      publishedEdit: row.editStatus !== null,
    });
    return {
      data: row,
      message: row.editStatus ? LIFECYCLE_MSG.editChangesRequested : LIFECYCLE_MSG.changesRequested,
    };
  });
}

/** published (an edit waiting or not) → draft (admins), with a reason the brand is told. */
export async function unpublish(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  input: UnpublishRequest,
): Promise<TransitionResponse> {
  return deps.database.db.transaction(async (tx) => {
    const p = await beginTransition(tx, user, id, 'unpublish');
    const row = await repo.setStatus(tx, id, { ...nextStatus('unpublish', p), publishedAt: null });
    await recordUnpublication(tx, id);
    const activityId = await recordActivity(tx, user, id, 'unpublished', { reason: input.reason });
    await recordPatternEvent(tx, 'pattern.unpublished', id);
    await notifyReview(tx, { publicUrl: deps.env.publicUrl, actor: user, activityId }, p, {
      kind: 'unpublished',
      reason: input.reason,
    });
    return { data: row, message: LIFECYCLE_MSG.unpublished };
  });
}

/** What the pattern screen shows about review: possible actions, the open request, and (admins) the changes since. */
export async function getReviewState(db: DbOrTx, user: AuthUser, id: number): Promise<ReviewState> {
  const p = await loadPattern(db, user, id);
  const state = lifecycleState(p);
  const request = await repo.openRequest(db, id);
  let changedSinceReview: ReviewState['changedSinceReview'] = null;
  let targets: ReviewState['targets'] = [];
  if (user.role === 'admin' && reviewTrack(p) === 'in_review') {
    const [last, now] = [await repo.findSnapshot(db, id), await takeSnapshot(db, p)];
    // Sent back last: the notes of that request, so the reviewer sees which are still open (issue 48).
    changedSinceReview = last
      ? {
          reviewedAt: last.reviewedAt.toISOString(),
          outcome: last.outcome,
          changes: diffSnapshots(last.snapshot as ReviewSnapshot, now),
          notes:
            last.outcome === 'changes_requested'
              ? (await repo.lastRequestNotes(db, id)).map(toNote)
              : [],
        }
      : { reviewedAt: null, outcome: null, changes: [], notes: [] };
    targets = [
      ...Object.entries(PATTERN_LABELS).map(([k, label]) => ({
        targetType: 'field' as const,
        targetKey: k,
        label,
      })),
      ...Object.entries(now.files).map(([k, f]) => ({
        targetType: 'file' as const,
        targetKey: k,
        label: `${f.label} ${f.fileName}`,
      })),
      ...Object.entries(now.sizes).map(([k, s]) => ({
        targetType: 'size' as const,
        targetKey: k,
        label: `Size ${s.label}`,
      })),
    ];
  }
  return {
    allowedActions: allowedActions(state, user.role),
    publishBlockedReason:
      user.role === 'admin' && editedAfter(p) ? refusal('publish', state) : null,
    request: request
      ? {
          reason: request.reason,
          requestedBy: request.by ?? 'An admin',
          at: request.at.toISOString(),
          notes: request.notes.map(toNote),
        }
      : null,
    unpublished: await unpublishedState(db, p),
    changedSinceReview,
    targets,
  };
}

/** The partner ticks (or unticks) a note of the open request. */
export async function setNoteAddressed(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  noteId: number,
  addressed: boolean,
): Promise<ReviewNote> {
  return db.transaction(async (tx) => {
    await loadPattern(tx, user, id, { forUpdate: true });
    const note = await repo.findOpenNote(tx, id, noteId);
    if (!note) throw notFound('Note');
    const row = await saveNoteAddressed(tx, noteId, user.id, addressed);
    if ((note.addressedAt !== null) !== addressed)
      await recordActivity(tx, user, id, 'note_addressed', { label: note.targetLabel, addressed });
    return toNote(row);
  });
}

export async function reviewCount(db: DbOrTx) {
  return { data: { inReview: await repo.countInReview(db) } };
}
