import type { ReactNode } from 'react';
import type { PatternDetail } from '../../../../shared/contracts/pattern-detail';
import { PATTERN_LABELS as L } from '../../../../shared/contracts/patterns';
import { formatPrice } from '../../../lib/format';

type Key = keyof typeof L;
const ORDER: Key[] = [
  'SFCC_Pattern_ID',
  'Pattern_Name',
  'Brand',
  'Type',
  'Gender',
  'Price',
  'Fabric_type',
  'Is_Printable',
  'is_Subscribable',
  'Suitable_For',
  'Pattern_Fit',
  'Notion',
];
const LONG: Key[] = ['Technical_Details', 'Pattern_Description', 'Fabric_Recommendation'];

function value(p: PatternDetail, k: Key): string {
  if (k === 'Brand') return p.brandName;
  if (k === 'Price') return formatPrice(p.Price);
  return (p[k] as string | null) ?? '';
}

/** Every field of the record, read-only; empty ones say so rather than disappear. */
export function PatternFieldsView({
  pattern,
  annotations,
}: {
  pattern: PatternDetail;
  annotations?: Partial<Record<string, ReactNode>>;
}) {
  const row = (k: Key) => {
    const v = value(pattern, k);
    return (
      <div key={k} className="flex flex-col gap-0.5">
        <dt className="text-xs font-semibold uppercase tracking-wide text-gray-600">{L[k]}</dt>
        <dd
          className={`whitespace-pre-line wrap-anywhere text-sm ${v ? 'text-ink' : 'text-gray-500 italic'}`}
        >
          {v || 'Not set'}
        </dd>
        {annotations?.[k]}
      </div>
    );
  };
  return (
    <div className="grid gap-4">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{ORDER.map(row)}</dl>
      <dl className="grid gap-4">{LONG.map(row)}</dl>
    </div>
  );
}
