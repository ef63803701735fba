import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppDeps, AuthUser } from '../../context';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { ERROR_CODES } from '../../../shared/errors';
import { MSG } from '../../../shared/messages';
import {
  TWO_FACTOR_MSG,
  type AddPasskey,
  type Passkey,
  type PasskeyLogin,
  type PasskeyOptions,
} from '../../../shared/contracts/two-factor';
import type { LoginResponse } from '../../../shared/contracts/auth';
import * as authRepo from './auth.repo';
import * as repo from './second-factor.repo';
import * as throttle from './login-throttle';
import { completeSignIn } from './auth.service';

// Loaded on first use: the library and its ASN.1 and X.509 stack hold about 5 MB of heap that an
// idle server has no use for (docs/benchmarks.md, "Memory").
let loading: Promise<typeof import('@simplewebauthn/server')> | undefined;
const webauthn = () => (loading ??= import('@simplewebauthn/server'));

/**
 * Passkeys (WebAuthn by @simplewebauthn/server; docs/two-factor.md): discoverable credentials with
 * user verification required, so a passkey alone is two factors (the device and its PIN or
 * biometrics). The relying party is PUBLIC_URL: its host name is the RP ID, its origin the origin.
 */
const RP_NAME = 'Partner Portal';
const CHALLENGE_MINUTES = 5;

function relyingParty(deps: AppDeps) {
  const url = new URL(deps.env.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const toBytes = (b64url: string) => new Uint8Array(Buffer.from(b64url, 'base64url'));

export async function list(deps: AppDeps, user: AuthUser): Promise<Passkey[]> {
  const rows = await repo.listPasskeys(deps.database.db, user.id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Options for the browser to create a passkey for this account (its own passkeys excluded). */
export async function addOptions(deps: AppDeps, user: AuthUser): Promise<PasskeyOptions> {
  const { rpID } = relyingParty(deps);
  const existing = await repo.listPasskeys(deps.database.db, user.id);
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.fullName,
    userID: new TextEncoder().encode(`ppp-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challenge = await repo.createChallenge(
    deps.database.db,
    'passkey-add',
    user.id,
    { challenge: options.challenge },
    CHALLENGE_MINUTES,
  );
  return { challenge, options: options as unknown as Record<string, unknown> };
}

export async function add(deps: AppDeps, user: AuthUser, input: AddPasskey): Promise<Passkey> {
  const db = deps.database.db;
  const { rpID, origin } = relyingParty(deps);
  const challenge = await repo.findChallenge(db, input.challenge, 'passkey-add');
  if (!challenge || challenge.userId !== user.id || !(await repo.takeChallenge(db, challenge.id)))
    throw badRequest(TWO_FACTOR_MSG.passkeyFailed);
  let verified;
  try {
    verified = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: String(challenge.data.challenge),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    throw badRequest(TWO_FACTOR_MSG.passkeyFailed);
  }
  if (!verified.verified) throw badRequest(TWO_FACTOR_MSG.passkeyFailed);
  const { credential } = verified.registrationInfo;
  if (await repo.findPasskeyByCredential(db, credential.id))
    throw badRequest(TWO_FACTOR_MSG.passkeyFailed);
  const id = await db.transaction(async (tx) => {
    const newId = await repo.insertPasskey(tx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
    });
    await repo.touchUser(tx, user.id);
    await repo.recordEvent(tx, user.id, 'passkey.added');
    return newId;
  });
  return (await list(deps, user)).find((p) => p.id === id)!;
}

export async function rename(deps: AppDeps, user: AuthUser, id: number, name: string) {
  if (!(await repo.renamePasskey(deps.database.db, user.id, id, name))) throw notFound('Passkey');
  return { message: TWO_FACTOR_MSG.passkeyRenamed };
}

export async function remove(deps: AppDeps, user: AuthUser, id: number) {
  await deps.database.db.transaction(async (tx) => {
    if (!(await repo.deletePasskey(tx, user.id, id))) throw notFound('Passkey');
    await repo.touchUser(tx, user.id);
    await repo.recordEvent(tx, user.id, 'passkey.removed');
  });
  return { message: TWO_FACTOR_MSG.passkeyRemoved };
}

/** Options for "Sign in with a passkey": any passkey of this portal (discoverable credentials). */
export async function loginOptions(deps: AppDeps): Promise<PasskeyOptions> {
  const { rpID } = relyingParty(deps);
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({ rpID, userVerification: 'required' });
  const challenge = await repo.createChallenge(
    deps.database.db,
    'passkey-login',
    null,
    { challenge: options.challenge },
    CHALLENGE_MINUTES,
  );
  return { challenge, options: options as unknown as Record<string, unknown> };
}

/**
 * A passkey's signature, with user verification, is both factors: the session is made as after a
 * password and a code. Failures count against the network address's sign-in limit.
 */
export async function login(
  deps: AppDeps,
  input: PasskeyLogin,
  ip: string,
  userAgent?: string,
): Promise<{ response: LoginResponse; newDeviceToken?: string }> {
  const db = deps.database.db;
  const { rpID, origin } = relyingParty(deps);
  const address = `login:ip:${ip}`;
  await throttle.reserveAgain(deps, { reserved: [{ key: address, resetOnSuccess: false }] });
  const attempt: throttle.LoginAttempt = { reserved: [{ key: address, resetOnSuccess: false }] };
  const challenge = await repo.findChallenge(db, input.challenge, 'passkey-login');
  if (!challenge || !(await repo.takeChallenge(db, challenge.id)))
    throw new AppError(401, ERROR_CODES.unauthenticated, TWO_FACTOR_MSG.passkeyFailed);
  const response = input.response as unknown as AuthenticationResponseJSON;
  const passkey =
    typeof response.id === 'string'
      ? await repo.findPasskeyByCredential(db, response.id)
      : undefined;
  if (!passkey) throw new AppError(401, ERROR_CODES.unauthenticated, TWO_FACTOR_MSG.passkeyUnknown);
  let verified;
  try {
    verified = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: String(challenge.data.challenge),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: toBytes(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
  } catch {
    throw new AppError(401, ERROR_CODES.unauthenticated, TWO_FACTOR_MSG.passkeyFailed);
  }
  if (!verified.verified)
    throw new AppError(401, ERROR_CODES.unauthenticated, TWO_FACTOR_MSG.passkeyFailed);
  const user = await authRepo.findUserById(db, passkey.userId);
  if (!user) throw new AppError(401, ERROR_CODES.unauthenticated, TWO_FACTOR_MSG.passkeyUnknown);
  if (user.disabled) throw new AppError(403, ERROR_CODES.forbidden, MSG.accountDisabled);
  await repo.usePasskey(db, passkey.id, verified.authenticationInfo.newCounter);
  return completeSignIn(deps, user, attempt, { ip, userAgent, method: 'passkey' });
}
