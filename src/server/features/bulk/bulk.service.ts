import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, AuthUser } from '../../context';
import { AppError } from '../../lib/app-error';
import { brandScope } from '../../lib/scope';
import {
  BULK_EDIT_LABELS,
  BULK_MSG,
  type BulkAction,
  type BulkEditField,
  type BulkResponse,
  type BulkResult,
} from '../../../shared/contracts/bulk';
import { PatternFieldsSchema, type PatternFields } from '../../../shared/contracts/patterns';
import { publish, requestChanges, sendToReview, unpublish } from '../lifecycle';
import { restorePatterns } from '../trash';
import { setPatternField } from '../patterns';
import * as repo from './bulk.repo';

/** What one pattern's step does: its message when done, or throws the one-pattern call's AppError. */
type Step = (id: number) => Promise<{ message: string; changed?: boolean }>;

export interface BulkInput {
  ids: number[];
  reason?: string;
  set?: { field: BulkEditField; value?: string | number | null };
  preview?: boolean;
}

/** "This pattern was edited…" → "BR-00: this pattern was edited…". */
const because = (code: string, message: string) =>
  `${code}: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;

function stepOf(deps: AppDeps, user: AuthUser, action: BulkAction, input: BulkInput): Step {
  switch (action) {
    case 'send-to-review':
      return async (id) => sendToReview(deps, user, id);
    case 'publish':
      return async (id) => publish(deps, user, id);
    case 'request-changes':
      return async (id) => requestChanges(deps, user, id, { reason: input.reason!, notes: [] });
    case 'unpublish':
      return async (id) => unpublish(deps, user, id, { reason: input.reason! });
    case 'restore':
      return async (id) => restorePatterns(deps, user, [id]);
    case 'edit': {
      const field = input.set!.field;
      // The contract checked the value with this same schema.
      const value = PatternFieldsSchema.shape[field].parse(
        input.set!.value ?? '',
      ) as PatternFields[typeof field];
      const label = BULK_EDIT_LABELS[field];
      return async (id) => {
        const r = await setPatternField(deps.database.db, user, id, field, value, {
          preview: input.preview,
        });
        return {
          changed: r.changed,
          message: r.changed
            ? `${label} ${input.preview ? 'will change' : 'changed'}`
            : BULK_MSG.unchanged(label),
        };
      };
    }
  }
}

/**
 * Runs a bulk action on each selected pattern in turn, each in its own transaction through the
 * one-pattern service (so its rules, activity, mails, webhooks and storefront changes are the same;
 * the storefront's batch window gathers the changes of the run into as few archives as it can).
 * A refusal (any AppError) is that pattern's result; the others go on.
 */
export async function runBulk(
  deps: AppDeps,
  user: AuthUser,
  action: BulkAction,
  input: BulkInput,
  log?: FastifyBaseLogger,
): Promise<BulkResponse> {
  const ids = [...new Set(input.ids)];
  const codes = await repo.patternCodes(deps.database.db, ids, brandScope(user));
  const step = stepOf(deps, user, action, input);
  const results: BulkResult[] = [];
  for (const id of ids) {
    const code = codes.get(id);
    if (code === undefined) {
      results.push({
        id,
        patternId: null,
        ok: false,
        message: `Pattern ${id}: ${BULK_MSG.notFound}`,
      });
      continue;
    }
    try {
      const r = await step(id);
      results.push({
        id,
        patternId: code,
        ok: true,
        message: because(code, r.message),
        changed: r.changed,
      });
    } catch (err) {
      if (!(err instanceof AppError)) {
        log?.error({ err, patternId: id, action }, 'bulk action failed on a pattern');
        results.push({
          id,
          patternId: code,
          ok: false,
          message: because(code, 'Something went wrong: try again'),
        });
        continue;
      }
      results.push({ id, patternId: code, ok: false, message: because(code, err.message) });
    }
  }
  const done = results.filter((r) => r.ok && r.changed !== false).length;
  const failed = results.filter((r) => !r.ok).length;
  return { message: BULK_MSG.summary(action, done, failed), done, failed, results };
}
