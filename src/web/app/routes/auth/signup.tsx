import { useState } from 'react';
import type { SessionUser } from '../../../../shared/contracts/auth';
import { brandOptions } from '../../../features/brands/api/list-brands';
import { useBrandList } from '../../../lib/brand-list';
import { SignupForm } from '../../../features/users/components/signup-form';
import { CreatedAccount } from '../../../features/users/components/created-account';
import { loadErrorMessage } from '../../../lib/error-message';

/** /app/signup (admins only; the route guard sends others away): the form, then the new account's details. */
export function Component() {
  const brands = useBrandList();
  const [created, setCreated] = useState<{ user: SessionUser; password: string } | null>(null);
  // A new key remounts the form empty for 'Create New Account'.
  const [formKey, setFormKey] = useState(0);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Create Account · Partner Portal</title>
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <h1 className="text-2xl font-bold text-ink">Create Account</h1>
        <p className="mt-1 mb-6 text-sm text-gray-600">
          {created
            ? 'The account is ready.'
            : 'Create an account for a brand partner or a member of staff. Admins see every brand.'}
        </p>
        {brands.isError && (
          <p
            role="alert"
            className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            The brands could not be loaded: {loadErrorMessage(brands.error)}{' '}
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => void brands.refetch()}
            >
              Try again
            </button>
          </p>
        )}
        {created ? (
          <CreatedAccount
            user={created.user}
            password={created.password}
            onCreateNew={() => {
              setCreated(null);
              setFormKey((k) => k + 1);
            }}
          />
        ) : (
          <SignupForm
            key={formKey}
            brandOptions={brandOptions(brands.data?.data)}
            brandsLoading={brands.isLoading}
            onCreated={(user, password) => setCreated({ user, password })}
          />
        )}
      </div>
    </div>
  );
}
