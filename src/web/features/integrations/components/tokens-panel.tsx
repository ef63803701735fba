import { useState, type FormEvent } from 'react';
import {
  TOKEN_SCOPE_LABELS,
  TOKEN_SCOPES,
  type CreateToken,
} from '../../../../shared/contracts/integrations';
import { reportFormError, stateSetError, type FieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { DateTime } from '../../../components/date-time';
import { Spinner } from '../../../components/spinner';
import { FieldShell, inputClass, TextField } from '../../../components/text-field';
import { useApiTokens, useCreateToken, useRevokeToken } from '../api/api-tokens';
import { SecretNotice } from './secret-notice';

const when = (iso: string | null, none: string, relative = false) =>
  iso ? <DateTime iso={iso} relative={relative} /> : none;

/** API tokens: created here (shown once), listed with last use, revoked at once. `brands` come from the route. */
export function TokensPanel({ brands }: { brands: { id: number; name: string }[] }) {
  const list = useApiTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<CreateToken['scope']>('read');
  const [brandId, setBrandId] = useState('');
  const [expires, setExpires] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: CreateToken = {
      name,
      scope,
      brandId: brandId ? Number(brandId) : null,
      expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
    };
    setFields({});
    create.mutate(body, {
      onSuccess: (r) => (toast.success(r.message), setToken(r.token), setName('')),
      onError: (err) =>
        reportFormError(err, stateSetError(setFields), {
          fields: ['name', 'scope', 'brandId', 'expiresAt'],
        }),
    });
  };

  return (
    <section aria-labelledby="tokens-heading" className="flex flex-col gap-4">
      <h2 id="tokens-heading" className="text-xl font-bold text-ink">
        API tokens
      </h2>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p className="text-sm text-red-700" role="alert">
          The tokens could not be loaded.
        </p>
      ) : list.data.data.length === 0 ? (
        <p className="text-sm text-gray-600">No API tokens yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
          {list.data.data.map((t) => (
            <li
              key={t.id}
              className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
            >
              <div>
                <p className="font-semibold text-ink">{t.name}</p>
                <p className="text-gray-700">
                  {TOKEN_SCOPE_LABELS[t.scope]} · {t.brand ? t.brand.name : 'All brands'} · expires{' '}
                  {when(t.expiresAt, 'never')} · last used {when(t.lastUsedAt, 'never', true)}
                </p>
              </div>
              {t.revokedAt ? (
                <span className="text-red-800">Revoked {when(t.revokedAt, '', true)}</span>
              ) : (
                <Button
                  variant="danger"
                  disabled={revoke.isPending}
                  onClick={() =>
                    window.confirm(`Revoke the token ${t.name}?`) &&
                    revoke.mutate(t.id, {
                      onSuccess: (r) => toast.success(r.message),
                    })
                  }
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
        aria-labelledby="add-token-heading"
      >
        <h3 id="add-token-heading" className="text-lg font-semibold text-ink">
          Create token
        </h3>
        <TextField
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fields.name}
        />
        <FieldShell id="token-scope" label="Scope" error={fields.scope}>
          <select
            id="token-scope"
            className={inputClass(fields.scope)}
            value={scope}
            onChange={(e) => setScope(e.target.value as CreateToken['scope'])}
          >
            {TOKEN_SCOPES.map((s) => (
              <option key={s} value={s}>
                {TOKEN_SCOPE_LABELS[s]}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id="token-brand" label="Brand" error={fields.brandId}>
          <select
            id="token-brand"
            className={inputClass(fields.brandId)}
            value={brandId}
            onChange={(e) => setBrandId(e.target.value)}
          >
            <option value="">All brands</option>
            {brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </FieldShell>
        <TextField
          label="Expires (optional)"
          type="date"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
          error={fields.expiresAt}
        />
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create token'}
          </Button>
        </div>
        {token && <SecretNotice label="API token" value={token} onDone={() => setToken(null)} />}
      </form>
    </section>
  );
}
