import { Button } from '../../../components/button';
import { useBrandList } from '../../../lib/brand-list';
import { AddBrandForm } from './add-brand-form';
import { BrandRow } from './brand-row';
import { loadErrorMessage } from '../../../lib/error-message';

/** Admins add and rename brands; names are unique whatever their case. The slug never changes. */
export function BrandManager() {
  const brands = useBrandList();
  return (
    <section
      aria-labelledby="brands-title"
      className="flex flex-col gap-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id="brands-title" className="text-lg font-semibold text-ink">
        Brands
      </h2>
      <AddBrandForm />
      {brands.isError ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-3 text-sm text-red-800"
        >
          The brands could not be loaded: {loadErrorMessage(brands.error)}{' '}
          <Button
            variant="secondary"
            className="ml-2 px-3 py-1"
            onClick={() => void brands.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : brands.isLoading ? (
        <p role="status" className="text-sm text-gray-600">
          Loading brands…
        </p>
      ) : (
        <ul className="divide-y divide-gray-100" aria-label="Brands">
          {brands.data?.data.map((b) => (
            <BrandRow key={b.id} brand={b} />
          ))}
        </ul>
      )}
    </section>
  );
}
