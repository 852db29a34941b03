import { Injectable } from '@nestjs/common';
import { type Locale, type MailPreview, type MailTemplateSummary, translate, webLink, webRoutes } from '@legenett/contracts';
import { MAIL_TEMPLATES, type MailTemplate, type MailVars, type RenderedMail, renderMail } from '../../common/mail';
import { AppError } from '../../common/errors/app-error';
import { type AppConfig, InjectConfig } from '../../config';
import { type DigestSectionContent, renderDigest } from '../notifications';

/** A fixed instant for every sample (a Tuesday morning in Oslo), so previews do not change from day to day. */
const SAMPLE_START = new Date('2026-12-08T17:00:00Z');

const dateTime = (d: Date, locale: Locale): string => {
  const date = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
  const time = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' }).format(d);
  return `${date} ${locale === 'no' ? 'kl.' : 'at'} ${time}`;
};

type Samples = { [T in MailTemplate]: MailVars[T] };

/**
 * Sample data for every template, in the preview's language. A total map: a new template does not
 * compile until it has a sample, so the admin area previews every mail the product sends.
 */
function samplesOf(locale: Locale, site: string): Samples {
  const no = locale === 'no';
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(locale, key, vars);
  const course = no ? 'Akuttmedisin for allmennleger' : 'Emergency medicine for GPs';
  const courseLink = webLink(site, webRoutes.webinar, { id: 123, type: 'webinar' });
  const reason = no ? 'Vi fant deg ikke i Helsepersonellregisteret med lisens eller autorisasjon.' : 'We could not find you in the health personnel register with a licence or authorisation.';
  const unsubscribe = `${site}/api/notification-unsubscribe?u=1&c=likes_follows&expires=0&signature=preview`;
  return {
    verification: { name: 'Kari', code: '482913', minutes: 30, link: webLink(site, webRoutes.userVerification, { id: 'preview' }) },
    password_reset: { name: 'Kari', minutes: 60, link: webLink(site, webRoutes.resetPassword, undefined, { token: 'preview' }) },
    email_change: { name: 'Kari', minutes: 60, link: webLink(site, webRoutes.confirmChangeableEmail, undefined, { token: 'preview' }) },
    account_approved: { name: 'Kari', link: webLink(site, webRoutes.feed) },
    account_rejected: { name: 'Kari', reason },
    account_blocked: { name: 'Kari', reason: no ? 'Gjentatte brudd på retningslinjene for innlegg.' : 'Repeated breaches of the posting guidelines.' },
    account_unblocked: { name: 'Kari', link: webLink(site, webRoutes.login) },
    registration_attempt: { name: 'Kari', login_link: webLink(site, webRoutes.login), reset_link: webLink(site, webRoutes.forgotPassword) },
    login_after_failures: { name: 'Kari', failures: 5, ip: '192.0.2.10', link: webLink(site, webRoutes.forgotPassword) },
    petition_press_release: {
      subject: no ? 'Pressemelding: 10 000 leger krever flere fastlegehjemler' : 'Press release: 10,000 doctors call for more GP positions',
      body: no
        ? `Oppropet «Flere fastlegehjemler nå» har passert 10 000 signaturer.\n\nLes oppropet: ${webLink(site, webRoutes.petitionDetails, { id: 42 })}`
        : `The petition "More GP positions now" has passed 10,000 signatures.\n\nRead the petition: ${webLink(site, webRoutes.petitionDetails, { id: 42 })}`,
    },
    course_approved: { name: 'Kari', title: course, link: courseLink },
    course_rejected: { name: 'Kari', title: course, reason: no ? 'Programmet mangler foredragsholdere.' : 'The programme names no speakers.', link: courseLink },
    course_cancelled: { name: 'Kari', title: course, start: dateTime(SAMPLE_START, locale) },
    course_reminder_24h: { name: 'Kari', title: course, start: dateTime(SAMPLE_START, locale), link: courseLink },
    course_reminder_1h: { name: 'Kari', title: course, start: dateTime(SAMPLE_START, locale), link: courseLink },
    course_recording: { name: 'Kari', title: course, link: courseLink },
    chat_unread: { name: 'Kari', sender: 'Ola Hansen', count: 3, link: webLink(site, webRoutes.messages) },
    notification: {
      name: 'Kari',
      text: t('notifications_ui.grouped.like', { name: 'Ola Hansen', others: 4 }),
      link: webLink(site, webRoutes.notifications),
      settings_link: webLink(site, webRoutes.notificationSettings),
      unsubscribe_link: unsubscribe,
    },
    digest: { name: 'Kari', period: t('notifications_ui.digest.period_weekly') },
  };
}

/** The digest's sections with sample content, as `DigestSections` would collect them. */
function digestSections(locale: Locale, site: string): DigestSectionContent[] {
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(locale, `notifications_ui.digest.${key}`, vars);
  const no = locale === 'no';
  return [
    {
      title: t('unread'),
      items: [
        { text: translate(locale, 'notifications_ui.grouped.like', { name: 'Ola Hansen', others: 4 }), url: webLink(site, webRoutes.notifications) },
        { text: translate(locale, 'notifications_ui.kinds.mention', { name: 'Ingrid Berg' }), url: webLink(site, webRoutes.notifications) },
      ],
    },
    {
      title: t('jobs'),
      items: [{ text: no ? 'Overlege, indremedisin – Haukeland' : 'Consultant, internal medicine – Haukeland', url: webLink(site, webRoutes.jobDetails, { id: 1 }), meta: t('deadline', { date: '15.12.2026' }) }],
    },
    {
      title: t('courses'),
      items: [{ text: no ? 'Akuttmedisin for allmennleger' : 'Emergency medicine for GPs', url: webLink(site, webRoutes.webinar, { id: 123, type: 'webinar' }), meta: t('starts', { date: '08.12.2026' }) }],
    },
    {
      title: t('posts'),
      items: [{ text: no ? 'Erfaringer med ny fastlegeordning' : 'Experiences with the new GP scheme', url: webLink(site, webRoutes.post, { id: 7 }), meta: t('comments_count', { count: 23 }) }],
    },
  ];
}

const ONE_CLICK = { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };

/**
 * Previews of every e-mail template for the admin area (issue 27): each rendered with sample data in
 * Norwegian or English by the same code that renders the real mail, never sent.
 */
@Injectable()
export class MailPreviews {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  async list(locale: Locale): Promise<{ data: MailTemplateSummary[] }> {
    const data = await Promise.all(
      MAIL_TEMPLATES.map(async (template) => {
        const p = await this.render(template, locale);
        return { template, subject: p.subject, engine: p.engine };
      }),
    );
    return { data };
  }

  async show(template: string, locale: Locale): Promise<{ data: MailPreview }> {
    const known = MAIL_TEMPLATES.find((t) => t === template);
    if (!known) throw AppError.notFound();
    return { data: await this.render(known, locale) };
  }

  private async render(template: MailTemplate, locale: Locale): Promise<MailPreview> {
    const site = this.config.publicUrl;
    const samples = samplesOf(locale, site);
    if (template === 'digest') {
      const unsubscribeUrl = `${site}/api/notification-unsubscribe?u=1&c=digest&expires=0&signature=preview`;
      const rendered = await renderDigest({
        locale,
        name: samples.digest.name,
        period: samples.digest.period,
        sections: digestSections(locale, site),
        siteUrl: site,
        settingsUrl: webLink(site, webRoutes.notificationSettings),
        unsubscribeUrl,
      });
      return { template, locale, engine: 'react_email', ...rendered, headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, ...ONE_CLICK } };
    }
    const rendered: RenderedMail = renderMail(template, locale, samples[template]);
    const headers: Record<string, string> =
      template === 'notification' ? { 'List-Unsubscribe': `<${samples.notification.unsubscribe_link}>`, ...ONE_CLICK } : {};
    return { template, locale, engine: 'catalogue', ...rendered, headers };
  }
}
