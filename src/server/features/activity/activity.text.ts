import type { ActivityRow } from './activity.repo';

/** Before/after of one field of a pattern, size or piece. */
export interface FieldChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/**
 * What each kind of entry holds in `details`. Kept as data (not sentences) so the history can be
 * re-worded later; `describe` turns it into the readable text the screen and the API show.
 */
export interface ActivityDetails {
  created: Record<string, never>;
  fields_changed: { changes: FieldChange[] };
  file_added: { file: { id: number; fileName: string }; label: string };
  file_replaced: { file: { id: number; fileName: string }; previous: string; label: string };
  file_removed: { file: { id: number; fileName: string }; label: string };
  size_added: { size: string };
  size_changed: { size: string; changes: FieldChange[] };
  size_deleted: { size: string };
  piece_added: { size: string; piece: string };
  piece_changed: { size: string; piece: string; changes: FieldChange[] };
  piece_deleted: { size: string; piece: string };
  sent_to_review: Record<string, never>;
  changes_requested: { reason: string; notes: { label: string; text: string }[] };
  published: Record<string, never>;
  unpublished: { reason: string };
  deleted: { patternId: string };
  restored: { patternId: string };
  note_addressed: { label: string; addressed: boolean };
  /** Written by the storefront delivery (actor "Storefront"), once per import outcome. */
  storefront: {
    target: 'staging' | 'production';
    ok: boolean;
    mode: string;
    message: string | null;
  };
}
export type ActivityAction = keyof ActivityDetails;

const shown = (v: string | null) =>
  v === null || v === '' ? '(empty)' : v.length > 80 ? `${v.slice(0, 77)}…` : v;
const change = (c: FieldChange) => `${c.label} from ${shown(c.before)} to ${shown(c.after)}`;

function sentence(action: string, d: Record<string, unknown>): { text: string; lines: string[] } {
  const a = d as never as ActivityDetails[ActivityAction] & Record<string, never>;
  switch (action as ActivityAction) {
    case 'created':
      return { text: 'created the pattern', lines: [] };
    case 'fields_changed': {
      const cs = (a as ActivityDetails['fields_changed']).changes;
      return cs.length === 1
        ? { text: `changed ${change(cs[0]!)}`, lines: [] }
        : { text: `changed ${cs.length} fields`, lines: cs.map(change) };
    }
    case 'file_added': {
      const f = a as ActivityDetails['file_added'];
      return { text: `added ${f.label} ${f.file.fileName}`, lines: [] };
    }
    case 'file_replaced': {
      const f = a as ActivityDetails['file_replaced'];
      return { text: `replaced ${f.label} ${f.previous} with ${f.file.fileName}`, lines: [] };
    }
    case 'file_removed': {
      const f = a as ActivityDetails['file_removed'];
      return { text: `removed ${f.label} ${f.file.fileName}`, lines: [] };
    }
    case 'size_added':
      return { text: `added size ${(a as ActivityDetails['size_added']).size}`, lines: [] };
    case 'size_changed': {
      const s = a as ActivityDetails['size_changed'];
      return s.changes.length === 1
        ? { text: `changed size ${s.size}: ${change(s.changes[0]!)}`, lines: [] }
        : { text: `changed size ${s.size}`, lines: s.changes.map(change) };
    }
    case 'size_deleted':
      return { text: `deleted size ${(a as ActivityDetails['size_deleted']).size}`, lines: [] };
    case 'piece_added': {
      const p = a as ActivityDetails['piece_added'];
      return { text: `added piece ${p.piece} to size ${p.size}`, lines: [] };
    }
    case 'piece_changed': {
      const p = a as ActivityDetails['piece_changed'];
      return { text: `changed piece ${p.piece} of size ${p.size}`, lines: p.changes.map(change) };
    }
    case 'piece_deleted': {
      const p = a as ActivityDetails['piece_deleted'];
      return { text: `deleted piece ${p.piece} of size ${p.size}`, lines: [] };
    }
    case 'sent_to_review':
      return { text: 'sent the pattern to review', lines: [] };
    case 'changes_requested': {
      const r = a as ActivityDetails['changes_requested'];
      return {
        text: `requested changes: ${r.reason}`,
        lines: r.notes.map((n) => `${n.label}: ${n.text}`),
      };
    }
    case 'published':
      return { text: 'published the pattern to production', lines: [] };
    case 'unpublished':
      return {
        text: `unpublished the pattern: ${(a as ActivityDetails['unpublished']).reason}`,
        lines: [],
      };
    case 'deleted':
      return { text: 'deleted the pattern', lines: [] };
    case 'restored':
      return { text: 'restored the pattern from the Trash', lines: [] };
    case 'note_addressed': {
      const n = a as ActivityDetails['note_addressed'];
      return {
        text: `marked the note on ${n.label} as ${n.addressed ? 'addressed' : 'not addressed'}`,
        lines: [],
      };
    }
    case 'storefront': {
      const f = a as ActivityDetails['storefront'];
      if (!f.ok) return { text: `import failed on ${f.target}: ${f.message ?? ''}`, lines: [] };
      const what =
        {
          upsert: 'delivered the pattern',
          offline: 'took the pattern offline',
          delete: 'removed the pattern',
        }[f.mode] ?? 'delivered the pattern';
      return { text: `${what} on ${f.target}`, lines: [] };
    }
    default:
      return { text: action.replace(/_/g, ' '), lines: [] };
  }
}

/** 'Dana (McCall's) changed Price from 12.00 to 14.99'. */
export function describe(
  row: Pick<ActivityRow, 'action' | 'details' | 'actorName' | 'actorBrand'>,
) {
  const who = row.actorBrand ? `${row.actorName} (${row.actorBrand})` : row.actorName;
  const s = sentence(row.action, (row.details ?? {}) as Record<string, unknown>);
  return { text: `${who} ${s.text}`, lines: s.lines };
}

/** Ids of files an entry names (to link those that still exist). */
export function fileIds(row: Pick<ActivityRow, 'details'>): number[] {
  const f = (row.details as { file?: { id?: unknown } } | null)?.file;
  return typeof f?.id === 'number' ? [f.id] : [];
}

/** Field-by-field differences of two flat records, labelled; only what changed. */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  labels: Record<string, string>,
): FieldChange[] {
  const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  return Object.keys(labels)
    .filter((k) => str(before[k]) !== str(after[k]))
    .map((k) => ({ field: k, label: labels[k]!, before: str(before[k]), after: str(after[k]) }));
}
