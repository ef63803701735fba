import { createElement, useEffect, type RefObject } from 'react';
import type { toast as ToastFunction, ToastOptions, TypeOptions } from 'react-toastify';
import { LIMITS } from '../../shared/limits';
import { MSG } from '../../shared/messages';
import { errorMessage, GENERIC_FAILURE } from './error-message';

type Kind = Exclude<TypeOptions, 'default'>;
type Toastify = typeof ToastFunction;

/**
 * react-toastify is its own chunk, fetched by the first toast (or by the container, which the
 * provider mounts once the first screen is painted: app/provider.tsx), so it is not among the
 * scripts before My Patterns' first row (issue 50). What is raised before it arrives runs then, in
 * order; react-toastify holds a toast raised before its container mounts until it does.
 */
let toastify: Toastify | undefined;
let loading: Promise<void> | undefined;
const waiting: ((t: Toastify) => void)[] = [];
function withToastify(run: (t: Toastify) => void): void {
  if (toastify) return run(toastify);
  waiting.push(run);
  loading ??= import('react-toastify').then(
    (m) => {
      toastify = m.toast;
      for (const w of waiting.splice(0)) w(m.toast);
    },
    // Could not be fetched (offline): the next toast tries again; what waits stays in order.
    () => void (loading = undefined),
  );
}

/** The id of the toast now showing for each kind and text (or group), see `show`. */
const current = new Map<string, string>();
let raised = 0;

/**
 * Never two identical toasts at once: a toast is known by its kind and text, and raising it again
 * while it shows replaces it (same place, timer started again) instead of stacking a copy — four
 * identical warnings after re-submitting an invalid form were the complaint. Raised again while
 * the earlier one is closing, it is a new toast with an id of its own: react-toastify ignores an
 * id it still holds, so a warning raised during the previous copy's exit was lost.
 */
function show(kind: Kind, msg: string, extra?: Pick<ToastOptions, 'toastId'>): void {
  withToastify((toastify) => {
    const key = String(extra?.toastId ?? `${kind}:${msg}`);
    const showing = current.get(key);
    if (showing !== undefined && toastify.isActive(showing)) {
      toastify.update(showing, { render: msg, type: kind, autoClose: LIMITS.toastMs });
      return;
    }
    const toastId = `${key}#${++raised}`;
    current.set(key, toastId);
    toastify(msg, { type: kind, toastId });
  });
}

/** The spec's four toast kinds; placement (bottom left, index.css) and the 5 s close are set once on the container. */
export const toast = {
  success: (msg: string) => show('success', msg),
  error: (msg: string) => show('error', msg),
  warning: (msg: string) => show('warning', msg),
  /** `id` groups different texts that mean the same thing (e.g. the session-ended notice). */
  info: (msg: string, id?: string) => show('info', msg, id ? { toastId: id } : undefined),
};

/** An undoable outcome shows this long: time to find and press Undo (paused while hovered or focused). */
const UNDO_TOAST_MS = 10_000;

/** What the delete toast says: the spec's words first, then where the patterns went. */
export function movedToTrashMessage(count: number): string {
  const what = count === 1 ? 'The pattern was' : `${count} patterns were`;
  const it = count === 1 ? 'it' : 'they';
  return `${MSG.deleted}. ${what} moved to the Trash (My Patterns → Trash), where ${it} can be restored.`;
}

/** The delete toast showing now: the patterns it undoes and its id. */
let trashToast: { ids: number[]; toastId: string } | undefined;
let trashToastSeq = 0;

/**
 * The toast after moving patterns to the Trash, with Undo. A delete while it still shows joins it
 * ("3 patterns were moved to the Trash — Undo" undoes all three), so no delete is left without its
 * Undo (issue 48); `restore` gets every id the toast holds.
 */
export function toastMovedToTrash(ids: number[], restore: (ids: number[]) => void): void {
  withToastify((toastify) => showMovedToTrash(toastify, ids, restore));
}

function showMovedToTrash(toastify: Toastify, ids: number[], restore: (ids: number[]) => void) {
  const joined = trashToast && toastify.isActive(trashToast.toastId) ? trashToast : undefined;
  const all = [...(joined?.ids ?? []), ...ids.filter((id) => !joined?.ids.includes(id))];
  const toastId = joined?.toastId ?? `trash:${++trashToastSeq}`;
  trashToast = { ids: all, toastId };
  const render = ({ closeToast }: { closeToast?: () => void }) =>
    createElement(
      'span',
      { className: 'flex w-full items-center justify-between gap-3' },
      createElement('span', null, movedToTrashMessage(all.length)),
      createElement(
        'button',
        {
          type: 'button',
          className:
            'shrink-0 rounded-md border border-current px-3 py-1 text-sm font-semibold underline-offset-2 hover:underline focus-visible:outline-2',
          onClick: () => {
            if (trashToast?.toastId === toastId) trashToast = undefined;
            closeToast?.();
            restore(all);
          },
        },
        all.length === 1 ? 'Undo' : `Undo all ${all.length}`,
      ),
    );
  if (joined) toastify.update(toastId, { render, type: 'success', autoClose: UNDO_TOAST_MS });
  else toastify(render, { type: 'success', toastId, autoClose: UNDO_TOAST_MS });
}

/** One error toast for a failure: the server's message, or the spec's fallback text (error-message.ts). */
export function toastError(err: unknown, fallback = GENERIC_FAILURE) {
  const msg = errorMessage(err, fallback);
  if (msg) toast.error(msg);
}

/**
 * Toasts sit in the bottom-left corner (index.css), clear of the header and of the actions, which
 * sit on the right (issue 48). A bar of buttons stuck to the bottom of the window (the add form's Save)
 * lifts them above itself while it is on screen: its height, kept current, is the offset.
 */
export function useToastsAbove(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement.style;
    const set = () => root.setProperty('--toasts-above', `${el.offsetHeight}px`);
    set();
    const seen = new ResizeObserver(set);
    seen.observe(el);
    return () => {
      seen.disconnect();
      root.removeProperty('--toasts-above');
    };
  }, [bar]);
}
