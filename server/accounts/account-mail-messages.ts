/**
 * The texts of the mail the accounts domain sends: plain text and a simple HTML body of the same
 * words, with the site's name. Names people typed are escaped in the HTML.
 */
import type { MailMessage } from '../mail/mailer.js';

export const SITE_NAME = 'VidTube';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Paragraphs (a link is its own paragraph) as both bodies. */
function message(to: string, subject: string, paragraphs: (string | { link: string })[]) {
  const text = paragraphs.map((p) => (typeof p === 'string' ? p : p.link)).join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs.map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>`,
    ),
    '</body></html>',
  ].join('\n');
  return { to, subject, text: `${text}\n`, html } satisfies MailMessage;
}

export function passwordResetMessage(to: string, userName: string, link: string): MailMessage {
  return message(to, `Reset your ${SITE_NAME} password`, [
    `Hello @${userName},`,
    `Someone asked to reset the password of your ${SITE_NAME} account. To choose a new password, open this link within 30 minutes:`,
    { link },
    'Setting a new password signs you out on every device. If you did not ask for this, ignore this message: your password stays as it is.',
    `— ${SITE_NAME}`,
  ]);
}

export function confirmEmailMessage(
  to: string,
  userName: string,
  link: string,
  change: boolean,
): MailMessage {
  return message(to, `Confirm your email address for ${SITE_NAME}`, [
    `Hello @${userName},`,
    change
      ? `You asked to use this address for your ${SITE_NAME} account. It becomes your account's address when you open this link (within 24 hours):`
      : `Welcome to ${SITE_NAME}! Please confirm that this address is yours by opening this link (within 24 hours):`,
    { link },
    'If you did not ask for this, ignore this message.',
    `— ${SITE_NAME}`,
  ]);
}

export function emailChangeNotice(to: string, userName: string, newEmail: string): MailMessage {
  return message(to, `Your ${SITE_NAME} email address is being changed`, [
    `Hello @${userName},`,
    `Someone signed in to your ${SITE_NAME} account asked to change its email address to ${newEmail}. The change takes effect only when that address confirms it; until then this address stays the account's.`,
    'If this was not you, sign in and change your password now: it signs every other device out.',
    `— ${SITE_NAME}`,
  ]);
}
