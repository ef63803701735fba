import { useQuery } from '@tanstack/react-query';
import type { Device } from '../../../../shared/contracts/devices';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { DateTime } from '../../../components/date-time';
import { QueryFailed, QueryLoading } from '../../../components/query-states';
import { Spinner } from '../../../components/spinner';
import { devicesQuery, useSignOutDevice, useSignOutOthers } from '../api/devices';

const METHOD: Record<NonNullable<Device['method']>, string> = {
  password: 'password',
  oidc: 'company sign-in',
  invitation: 'invitation',
  passkey: 'passkey',
};

/**
 * My Account → Signed-in devices: every session of the account (browser, place as the address
 * tells it, first and last seen), the current one marked; any other is signed out at once.
 */
export function SignedInDevices() {
  const devices = useQuery(devicesQuery);
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOthers();
  const list = devices.data?.devices ?? [];
  const others = list.filter((d) => !d.current).length;

  return (
    <section
      aria-labelledby="devices-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="devices-title" className="text-lg font-semibold text-ink">
          Signed-in devices
        </h2>
        {others > 0 && (
          <Button
            variant="secondary"
            disabled={signOutOthers.isPending}
            onClick={() =>
              signOutOthers.mutate(undefined, { onSuccess: (r) => toast.success(r.message) })
            }
          >
            {signOutOthers.isPending && <Spinner />}
            Sign out everywhere else
          </Button>
        )}
      </div>
      {devices.isPending ? (
        <QueryLoading>Loading devices…</QueryLoading>
      ) : devices.isError ? (
        <QueryFailed error={devices.error} onRetry={() => void devices.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-sm text-gray-600">No signed-in devices.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-200" aria-label="Signed-in devices">
          {list.map((d) => (
            <li
              key={d.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-ink">
                  {d.browser}
                  {d.current && (
                    <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-gray-700">
                  {d.place}
                  {d.method && ` · signed in with ${METHOD[d.method]}`}
                </p>
                <p className="text-gray-600">
                  First seen <DateTime iso={d.firstSeen} /> · last seen{' '}
                  <DateTime iso={d.lastSeen} relative />
                </p>
              </div>
              {!d.current && (
                <Button
                  variant="secondary"
                  className="self-start sm:self-center"
                  aria-label={`Sign out ${d.browser}, ${d.place}`}
                  disabled={signOut.isPending && signOut.variables === d.id}
                  onClick={() =>
                    signOut.mutate(d.id, { onSuccess: (r) => toast.success(r.message) })
                  }
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
