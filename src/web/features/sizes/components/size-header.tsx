import { Link } from 'react-router';
import type { SizeDetail } from '../../../../shared/contracts/sizes';
import { STATUS_LABELS } from '../../../../shared/options';

/** My Patterns › Pattern ID › Size, with the pattern's name, brand and status for context. */
export function SizeHeader({ size }: { size: SizeDetail }) {
  const p = size.pattern;
  return (
    <header className="flex flex-col gap-3">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap items-center gap-1 text-gray-700">
          <li>
            <Link to="/app/show-records" className="text-blue-800 underline-offset-2 hover:underline">
              My Patterns
            </Link>
          </li>
          <li aria-hidden>›</li>
          <li>
            <Link to={`/app/show-records/${p.ID}`} className="break-all text-blue-800 underline-offset-2 hover:underline">
              {p.SFCC_Pattern_ID}
            </Link>
          </li>
          <li aria-hidden>›</li>
          <li aria-current="page" className="font-medium">
            Size {size.Size}
          </li>
        </ol>
      </nav>
      <div>
        <h1 className="break-words text-2xl font-bold sm:text-3xl">
          Size {size.Size} <span className="font-normal text-gray-700">· view {size.pattern_view}</span>
        </h1>
        <p className="text-sm text-gray-700">
          {p.Pattern_Name} · {p.brandName} · {STATUS_LABELS[p.SFCC_Status]} · {p.sizesCount} {p.sizesCount === 1 ? 'size' : 'sizes'}
        </p>
      </div>
    </header>
  );
}
