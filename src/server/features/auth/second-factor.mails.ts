import type { MailMessage } from '../../mail/mailer';

/** The e-mails of two-factor sign-in. Plain text, no code or secret in them. */
export function twoFactorResetMail(to: string, adminName: string): MailMessage {
  return {
    to,
    subject: 'Your Partner Portal two-factor sign-in was reset',
    text: [
      `${adminName}, an administrator, reset the two-factor sign-in of your Partner Portal account:`,
      'your authenticator app, recovery codes and passkeys no longer work, and you were signed out.',
      '',
      'Sign in with your password, then set up two-factor authentication again on My Account.',
      'If you did not ask for this, contact your administrator at once.',
    ].join('\n'),
  };
}
