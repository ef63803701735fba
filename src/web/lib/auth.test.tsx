import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider, useAuth } from './auth';
import { writeSession, type StoredUser } from './session';
import { fakeApi } from '../test/fake-api';
import { ADMIN } from '../test/render-route';

/** Notes every user object the provider hands out, and reads the user again on a click. */
function Seen({ seen }: { seen: StoredUser[] }) {
  const { user, refreshUser } = useAuth();
  if (user && !seen.includes(user)) seen.push(user);
  return (
    <button type="button" onClick={() => void refreshUser()}>
      {user?.fullName}
    </button>
  );
}

describe('the signed-in user read again on load', () => {
  it('keeps the stored user when the server says the same, and takes a change (issue 50: no second render of the first screen)', async () => {
    writeSession(ADMIN);
    const { token: _token, ...same } = ADMIN;
    let answers = 0;
    const api = fakeApi({
      // On load: the user as stored. Read again: renamed.
      'GET /api/auth/me': () => ({
        user: ++answers === 1 ? same : { ...same, fullName: 'Ada Renamed' },
      }),
    });
    const seen: StoredUser[] = [];
    render(
      <AuthProvider>
        <Seen seen={seen} />
      </AuthProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: ADMIN.fullName }));
    await screen.findByRole('button', { name: 'Ada Renamed' });
    expect(api.to('GET /api/auth/me')).toHaveLength(2);
    // The one from storage, then the renamed one: the first answer made no new user.
    expect(seen.map((u) => u.fullName)).toEqual([ADMIN.fullName, 'Ada Renamed']);
  });
});
