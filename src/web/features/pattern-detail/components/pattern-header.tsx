import { Link } from 'react-router';
import type { PatternDetail } from '../../../../shared/contracts/pattern-detail';
import { DeletePatternButton } from './delete-pattern-button';

/** Where the user is (My Patterns › Pattern ID), the pattern's name and brand, and its delete action. */
export function PatternHeader({ pattern }: { pattern: PatternDetail }) {
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
          <li aria-current="page" className="break-all font-medium">
            {pattern.SFCC_Pattern_ID}
          </li>
        </ol>
      </nav>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold sm:text-3xl">{pattern.Pattern_Name}</h1>
          <p className="text-sm text-gray-700">
            <span className="break-all">{pattern.SFCC_Pattern_ID}</span> · {pattern.brandName}
          </p>
        </div>
        <DeletePatternButton pattern={pattern} />
      </div>
    </header>
  );
}
