import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { usePatternStorefront, useRetryStorefront } from '../api/storefront';

const TONE = {
  live: 'bg-green-50 text-green-900 ring-green-200',
  staging: 'bg-blue-50 text-blue-900 ring-blue-200',
  failed: 'bg-red-50 text-red-900 ring-red-200',
  pending: 'bg-gray-50 text-gray-800 ring-gray-200',
  offline: 'bg-gray-50 text-gray-800 ring-gray-200',
  none: '',
} as const;

/** The pattern's storefront outcome (Live on production / On staging / failed, with Retry for admins). */
export function PatternStorefrontStatus({ id, isAdmin }: { id: number; isAdmin: boolean }) {
  const q = usePatternStorefront(id);
  const retry = useRetryStorefront(id);
  if (q.isPending || q.isError || q.data.summary.kind === 'none') return null;
  const { kind, text } = q.data.summary;
  return (
    <div
      role="status"
      className={`flex flex-wrap items-center gap-3 rounded-md px-3 py-2 text-sm ring-1 ${TONE[kind]}`}
    >
      <span className="min-w-0 wrap-anywhere">{text}</span>
      {kind === 'failed' && isAdmin ? (
        <Button
          variant="secondary"
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(undefined, {
              onSuccess: (r) => toast.success(r.message),
            })
          }
        >
          Retry
        </Button>
      ) : null}
    </div>
  );
}
