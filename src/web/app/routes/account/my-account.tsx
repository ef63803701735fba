import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { AccountProfile } from '../../../features/users/components/account-profile';
import { ChangeEmailForm } from '../../../features/users/components/change-email-form';
import { ChangePasswordForm } from '../../../features/users/components/change-password-form';
import { UsersAdmin } from '../../../features/users/components/users-admin';
import { BrandManager } from '../../../features/brands/components/brand-manager';
import { brandOptions } from '../../../features/brands/api/list-brands';
import { useBrandList } from '../../../lib/brand-list';
import { MailPreferencesForm } from '../../../features/lifecycle/components/mail-preferences-form';
import { TwoFactorSection } from '../../../features/two-factor/components/two-factor-section';
import { PasskeysSection } from '../../../features/two-factor/components/passkeys-section';
import { SignedInDevices } from '../../../features/devices/components/signed-in-devices';
import { InvitationsPanel } from '../../../features/invitations/components/invitations-panel';

const TABS = ['account', 'users', 'brands'] as const;
const tabClass =
  'rounded-md px-4 py-2 text-sm font-semibold text-gray-700 hover:bg-black/5 data-selected:bg-ink data-selected:text-brand focus:outline-none data-focus-visible:outline-2 data-focus-visible:outline-blue-700';

/** /app/my-account: everyone's own account; admins also get the users list and the brands (tab kept in ?tab=). */
export function Component() {
  const { isAdmin } = useAuth();
  const [params, setParams] = useSearchParams();
  const index = Math.max(
    0,
    TABS.indexOf((params.get('tab') ?? 'account') as (typeof TABS)[number]),
  );
  const brands = useBrandList();
  const ownAccount = (
    <div className="grid gap-6 lg:grid-cols-2">
      <AccountProfile />
      <div className="flex flex-col gap-6">
        <ChangeEmailForm />
        <ChangePasswordForm />
        <TwoFactorSection />
        <PasskeysSection />
        <MailPreferencesForm isAdmin={isAdmin} />
      </div>
      <div className="lg:col-span-2">
        <SignedInDevices />
      </div>
    </div>
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>My Account · Partner Portal</title>
      <h1 className="mb-6 text-2xl font-bold text-ink">My Account</h1>
      {isAdmin ? (
        <TabGroup
          selectedIndex={index}
          onChange={(i) =>
            setParams(i === 0 || !TABS[i] ? {} : { tab: TABS[i] }, { replace: true })
          }
        >
          <TabList
            className="mb-6 flex flex-wrap gap-2 rounded-lg bg-white p-1.5 shadow-sm ring-1 ring-gray-200"
            aria-label="Account sections"
          >
            <Tab className={tabClass}>My details</Tab>
            <Tab className={tabClass}>Users</Tab>
            <Tab className={tabClass}>Brands</Tab>
          </TabList>
          <TabPanels>
            <TabPanel>{ownAccount}</TabPanel>
            <TabPanel>
              <UsersAdmin
                brandOptions={brandOptions(brands.data?.data, 'Filter by brand', [
                  { id: 0, name: 'All brands', value: 'all' },
                ])}
              />
              <InvitationsPanel brandOptions={brandOptions(brands.data?.data, 'Choose Brand')} />
            </TabPanel>
            <TabPanel>
              <BrandManager />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      ) : (
        ownAccount
      )}
    </div>
  );
}
