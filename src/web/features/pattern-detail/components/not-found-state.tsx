import { Link } from 'react-router';
import { PATTERN_DETAIL_MSG } from '../../../../shared/contracts/pattern-detail';

/** Another brand's pattern and a pattern that does not exist look the same (PRODUCT.md: 404, never 403). */
export function NotFoundState({ message = PATTERN_DETAIL_MSG.notFound }: { message?: string }) {
  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center gap-4 p-8 text-center"
      role="alert"
      data-testid="not-found-state"
    >
      <h1 className="text-2xl font-bold">{message}</h1>
      <p className="text-gray-700">Check the link, or find the pattern in your list.</p>
      <Link
        to="/app/show-records"
        className="rounded-md bg-brand px-4 py-2 font-semibold text-ink hover:bg-brand-dark"
      >
        Go to My Patterns
      </Link>
    </div>
  );
}
