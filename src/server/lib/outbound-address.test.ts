import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, refusalText, UnsafeUrlError, type Lookup } from './outbound-address';

const resolvesTo =
  (...addresses: string[]): Lookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const fails: Lookup = async () => {
  throw new Error('ENOTFOUND');
};

/** The refusal `check` throws, as its structured reason. */
async function refusalOf(check: Promise<unknown>) {
  const err = await check.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UnsafeUrlError);
  return (err as UnsafeUrlError).refusal;
}

/**
 * Issue 47: one address rule for every outbound request, its refusal a reason the caller words,
 * not a message it parses (the storefront cut the webhooks' wording off with a regular expression).
 */
describe('the outbound address rule', () => {
  it('answers each refusal as a structured reason', async () => {
    expect(await refusalOf(checkOutboundUrl('not a url', false))).toEqual({ kind: 'not-a-url' });
    expect(await refusalOf(checkOutboundUrl('https://u:p@example.org/', false))).toEqual({
      kind: 'credentials',
    });
    expect(await refusalOf(checkOutboundUrl('http://example.org/', false))).toEqual({
      kind: 'scheme',
    });
    expect(await refusalOf(checkOutboundUrl('https://nowhere.invalid/', false, fails))).toEqual({
      kind: 'unresolved',
      host: 'nowhere.invalid',
    });
    expect(
      await refusalOf(checkOutboundUrl('https://intranet.example/', false, resolvesTo('10.1.2.3'))),
    ).toEqual({ kind: 'private', address: '10.1.2.3' });
  });

  it('lets allowPrivate through, and answers the address it checked', async () => {
    const ok = await checkOutboundUrl('http://intranet.example/x', true, resolvesTo('10.1.2.3'));
    expect(ok).toMatchObject({ address: '10.1.2.3', family: 4 });
    expect(ok.url.pathname).toBe('/x');
  });

  it('words a reason the same for every caller (webhooks add why to a private address)', () => {
    expect(refusalText({ kind: 'unresolved', host: 'a.invalid' })).toBe(
      'The host name a.invalid could not be resolved',
    );
    expect(refusalText({ kind: 'private', address: '127.0.0.1' })).toBe(
      'The URL points to a private, loopback, link-local or metadata address (127.0.0.1)',
    );
  });
});
