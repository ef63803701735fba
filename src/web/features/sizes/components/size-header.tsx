import { Breadcrumb } from '../../../components/breadcrumb';
import type { SizeDetail } from '../../../../shared/contracts/sizes';
import { STATUS_LABELS } from '../../../../shared/options';

/** My Patterns › Pattern ID › Size, with the pattern's name, brand and status for context. */
export function SizeHeader({ size }: { size: SizeDetail }) {
  const p = size.pattern;
  return (
    <header className="flex flex-col gap-3">
      <Breadcrumb
        items={[
          { label: 'My Patterns', to: '/app/show-records' },
          { label: p.SFCC_Pattern_ID, to: `/app/show-records/${p.ID}` },
          { label: `Size ${size.Size}` },
        ]}
      />
      <div>
        <h1 className="wrap-anywhere text-2xl font-bold sm:text-3xl">
          Size {size.Size}{' '}
          <span className="font-normal text-gray-700">· view {size.pattern_view}</span>
        </h1>
        <p className="text-sm wrap-anywhere text-gray-700">
          {p.Pattern_Name} · {p.brandName} · {STATUS_LABELS[p.SFCC_Status]} · {p.sizesCount}{' '}
          {p.sizesCount === 1 ? 'size' : 'sizes'}
        </p>
      </div>
    </header>
  );
}
