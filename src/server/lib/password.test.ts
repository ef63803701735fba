import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env';
import { hashPassword, setPasswordHashCost, verifyPassword } from './password';

describe('password hashing cost (PASSWORD_HASH_COST)', () => {
  afterAll(() => setPasswordHashCost(14));

  it('defaults to the OWASP cost 17 and refuses a cost below 14 with one line naming it', () => {
    expect(parseEnv({}).PASSWORD_HASH_COST).toBe(17);
    expect(() => parseEnv({ PASSWORD_HASH_COST: '10' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('writes the cost into each hash, so a hash made at another cost still verifies', async () => {
    setPasswordHashCost(14);
    const cheap = await hashPassword('Passw0rd!');
    expect(cheap).toMatch(/^scrypt\$16384\$8\$1\$/);
    setPasswordHashCost(15);
    const dearer = await hashPassword('Passw0rd!');
    expect(dearer).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('Passw0rd!', cheap)).toBe(true);
    expect(await verifyPassword('Passw0rd!', dearer)).toBe(true);
    expect(await verifyPassword('passw0rd!', cheap)).toBe(false);
  });
});
