import type { MailMessage } from '../../mail/mailer';
import { CODE_LIMITS, RESET_LIMITS } from './account-limits';

/** The e-mails of the accounts feature. Plain text: links stay readable in any client. */
export function codeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your Partner Portal code: ${code}`,
    text: [
      `Your one-time code is ${code}`,
      '',
      `Enter it on My Account to change your email or password. It is valid for ${CODE_LIMITS.validMinutes} minutes and can be tried ${CODE_LIMITS.maxTries} times.`,
      'If you did not ask for it, you can ignore this message; nothing changes without the code.',
    ].join('\n'),
  };
}

export function resetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Partner Portal password',
    text: [
      'Someone asked to reset the password of your Partner Portal account.',
      '',
      `Open this link to choose a new password (valid for ${RESET_LIMITS.validMinutes} minutes, once):`,
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export function emailChangedMail(oldAddress: string, newAddress: string): MailMessage {
  return {
    to: oldAddress,
    subject: 'Your Partner Portal email was changed',
    text: [
      `The email of your Partner Portal account was changed to ${newAddress}.`,
      'If you did not do this, contact support at once.',
    ].join('\n'),
  };
}

export function inviteMail(
  to: { email: string; fullName: string },
  inviter: string,
  link: string,
  days: number,
): MailMessage {
  return {
    to: to.email,
    subject: 'You are invited to the Partner Portal',
    text: [
      `Hello ${to.fullName},`,
      '',
      `${inviter} invited you to the Pattern Partner Portal.`,
      `Open this link to choose your password and sign in (valid for ${days} ${days === 1 ? 'day' : 'days'}, once):`,
      link,
      '',
      'If you did not expect this, you can ignore this message: no account is made without the link.',
    ].join('\n'),
    secret: true,
  };
}
