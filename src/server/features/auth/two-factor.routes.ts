import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema, MessageSchema } from '../../../shared/contracts/common';
import { LoginResponseSchema } from '../../../shared/contracts/auth';
import {
  AddPasskeySchema,
  ConfirmTwoFactorSchema,
  DisableTwoFactorSchema,
  PasskeyListSchema,
  PasskeyLoginSchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  RecoveryCodesSchema,
  RenamePasskeySchema,
  TWO_FACTOR_PATHS,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  VerifyCodeSchema,
} from '../../../shared/contracts/two-factor';
import { currentUser } from '../../plugins/auth';
import { deviceCookie } from './login-throttle';
import * as twoFactor from './two-factor.service';
import * as passkeys from './passkeys.service';

/**
 * Two-factor sign-in and passkeys (docs/two-factor.md). Routes marked `secondFactorSetup` answer an
 * admin who must still set up a second factor under REQUIRE_ADMIN_2FA; every other route refuses them.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.deps.env.publicUrl.startsWith('https:');

  app.post(
    TWO_FACTOR_PATHS.verify,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Second step of a password sign-in: the app code or a recovery code',
        body: VerifyCodeSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request, reply) => {
      const { response, newDeviceToken } = await twoFactor.verifySignInCode(app.deps, request.body);
      if (newDeviceToken) reply.header('set-cookie', deviceCookie(newDeviceToken, secure));
      return response;
    },
  );

  app.post(
    TWO_FACTOR_PATHS.passkeyOptions,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: PasskeyOptionsSchema } },
    },
    async () => passkeys.loginOptions(app.deps),
  );

  app.post(
    TWO_FACTOR_PATHS.passkeyLogin,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey (counts as two factors)',
        body: PasskeyLoginSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request, reply) => {
      const { response, newDeviceToken } = await passkeys.login(
        app.deps,
        request.body,
        request.ip,
        request.headers['user-agent'],
      );
      if (newDeviceToken) reply.header('set-cookie', deviceCookie(newDeviceToken, secure));
      return response;
    },
  );

  const setupConfig = { access: 'signedIn', secondFactorSetup: true } as const;

  app.get(
    TWO_FACTOR_PATHS.status,
    {
      config: setupConfig,
      schema: { tags: ['account'], response: { 200: TwoFactorStatusSchema } },
    },
    async (request) => twoFactor.status(app.deps, currentUser(request)),
  );

  app.post(
    TWO_FACTOR_PATHS.setup,
    {
      config: setupConfig,
      schema: {
        tags: ['account'],
        summary: 'Start setting up an authenticator app: a new key and its QR code',
        response: { 200: TwoFactorSetupSchema },
      },
    },
    async (request) => twoFactor.setup(app.deps, currentUser(request)),
  );

  app.post(
    TWO_FACTOR_PATHS.confirm,
    {
      config: setupConfig,
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor on with a current code; answers the recovery codes, once',
        body: ConfirmTwoFactorSchema,
        response: { 200: RecoveryCodesSchema },
      },
    },
    async (request) => twoFactor.confirm(app.deps, currentUser(request), request.body),
  );

  app.post(
    TWO_FACTOR_PATHS.disable,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor off with a current code or the password',
        body: DisableTwoFactorSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => twoFactor.disable(app.deps, currentUser(request), request.body),
  );

  app.post(
    TWO_FACTOR_PATHS.adminReset(':id'),
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: "Reset a user's two-factor sign-in and passkeys (the user is mailed)",
        params: IdParamSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => twoFactor.adminReset(app.deps, currentUser(request), request.params.id),
  );

  app.get(
    TWO_FACTOR_PATHS.passkeys,
    {
      config: setupConfig,
      schema: { tags: ['account'], response: { 200: PasskeyListSchema } },
    },
    async (request) => ({ data: await passkeys.list(app.deps, currentUser(request)) }),
  );

  app.post(
    TWO_FACTOR_PATHS.passkeyAddOptions,
    {
      config: setupConfig,
      schema: { tags: ['account'], response: { 200: PasskeyOptionsSchema } },
    },
    async (request) => passkeys.addOptions(app.deps, currentUser(request)),
  );

  app.post(
    TWO_FACTOR_PATHS.passkeys,
    {
      config: setupConfig,
      schema: { tags: ['account'], body: AddPasskeySchema, response: { 200: PasskeySchema } },
    },
    async (request) => passkeys.add(app.deps, currentUser(request), request.body),
  );

  app.patch(
    TWO_FACTOR_PATHS.passkey(':id'),
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        params: IdParamSchema,
        body: RenamePasskeySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) =>
      passkeys.rename(app.deps, currentUser(request), request.params.id, request.body.name),
  );

  app.delete(
    TWO_FACTOR_PATHS.passkey(':id'),
    {
      config: { access: 'signedIn' },
      schema: { tags: ['account'], params: IdParamSchema, response: { 200: MessageSchema } },
    },
    async (request) => passkeys.remove(app.deps, currentUser(request), request.params.id),
  );
};
