import { type Locale, translate } from '@legenett/contracts';

/** Every mail the product sends; texts live in the catalogue under `registration.mail.<template>`. */
export const MAIL_TEMPLATES = ['verification', 'password_reset', 'email_change', 'account_approved', 'account_rejected', 'account_blocked', 'account_unblocked', 'registration_attempt', 'login_after_failures', 'petition_press_release', 'course_approved', 'course_rejected', 'course_cancelled', 'course_reminder_24h', 'course_reminder_1h', 'course_recording', 'chat_unread', 'notification', 'digest'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** Variables each template needs (`name` is the greeting's). */
export interface MailVars {
  verification: { name: string; code: string; minutes: number; link: string };
  password_reset: { name: string; minutes: number; link: string };
  email_change: { name: string; minutes: number; link: string };
  account_approved: { name: string; link: string };
  account_rejected: { name: string; reason: string };
  account_blocked: { name: string; reason: string };
  account_unblocked: { name: string; link: string };
  registration_attempt: { name: string; login_link: string; reset_link: string };
  login_after_failures: { name: string; failures: number; ip: string; link: string };
  /** A petition's press release: the initiator's own words, sent as they wrote them. */
  petition_press_release: { subject: string; body: string };
  course_approved: { name: string; title: string; link: string };
  course_rejected: { name: string; title: string; reason: string; link: string };
  course_cancelled: { name: string; title: string; start: string };
  course_reminder_24h: { name: string; title: string; start: string; link: string };
  course_reminder_1h: { name: string; title: string; start: string; link: string };
  course_recording: { name: string; title: string; link: string };
  /** One bell entry by e-mail (`text` already in the recipient's language); links to it, the settings and the unsubscribe. */
  notification: { name: string; text: string; link: string; settings_link: string; unsubscribe_link: string };
  /** The digest: rendered by its own template (`SendMail.rendered`); these are kept for the admin's outbox view. */
  digest: { name: string; period: string };
  /** Unread direct messages after 15 minutes: who wrote and how many, never the text (it may be private). */
  chat_unread: { name: string; sender: string; count: number; link: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Plain text with bare links turned into anchors; everything else escaped. The document names its
 * language and has the subject as its title, for screen readers in mail clients (and axe on the
 * admin's previews).
 */
function toHtml(text: string, locale: Locale, subject: string): string {
  const paragraphs = text.split(/\n{2,}/).map((p) => {
    const escaped = escapeHtml(p).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
    return `<p>${escaped.replace(/\n/g, '<br>')}</p>`;
  });
  const lang = locale === 'no' ? 'nb' : 'en';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,sans-serif;line-height:1.5">${paragraphs.join('')}</body></html>`;
}

export function renderMail<T extends MailTemplate>(template: T, locale: Locale, vars: MailVars[T]): RenderedMail {
  const v = vars as unknown as Record<string, string | number>;
  if (template === 'petition_press_release') {
    // Written by the sender, not by Legenett: no greeting or signature of ours.
    const text = String(v.body);
    return { subject: String(v.subject), text, html: toHtml(text, locale, String(v.subject)) };
  }
  const subject = translate(locale, `registration.mail.${template}.subject`, v);
  const body = translate(locale, `registration.mail.${template}.body`, v);
  const text = [
    translate(locale, 'registration.mail.greeting', v),
    body,
    translate(locale, 'registration.mail.signature'),
  ].join('\n\n');
  return { subject, text, html: toHtml(text, locale, subject) };
}
