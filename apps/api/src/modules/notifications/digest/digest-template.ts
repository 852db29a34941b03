import { createElement as h, type ReactElement } from 'react';
import type * as EmailComponents from '@react-email/components';
import { type Locale, translate } from '@legenett/contracts';
import { type DigestSectionContent } from './digest-sections';

export interface DigestView {
  locale: Locale;
  /** The mail's subject, also the document's title (read by screen readers in some mail clients). */
  subject?: string;
  name: string;
  /** "denne uken" / "this week". */
  period: string;
  sections: DigestSectionContent[];
  siteUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

const colors = { text: '#1a1b1e', muted: '#495057', link: '#1864ab', line: '#dee2e6' };

/**
 * The digest e-mail: one React Email template for both parts. React Email writes the table layout
 * mail clients need, with `lang`, `dir` and presentation roles; the text part is made from the same
 * HTML (`toPlainText`), so the two never say different things. Colours pass WCAG AA on white.
 */
export function DigestEmail(v: DigestView, c: typeof EmailComponents): ReactElement {
  const { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } = c;
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(v.locale, `notifications_ui.digest.${key}`, vars);
  return h(
    Html,
    { lang: v.locale === 'no' ? 'nb' : 'en', dir: 'ltr' },
    h(Head, null, v.subject ? h('title', null, v.subject) : null),
    h(Preview, null, t('preview', { period: v.period })),
    h(
      Body,
      { style: { backgroundColor: '#ffffff', color: colors.text, fontFamily: 'Arial, Helvetica, sans-serif', lineHeight: '1.5' } },
      h(
        Container,
        { style: { maxWidth: '600px', padding: '16px' } },
        h(Heading, { as: 'h1', style: { fontSize: '22px', margin: '0 0 8px' } }, t('heading', { period: v.period })),
        h(Text, { style: { margin: '0 0 16px' } }, t('greeting', { name: v.name })),
        ...v.sections.map((s, i) =>
          h(
            Section,
            { key: i, style: { margin: '0 0 16px' } },
            h(Heading, { as: 'h2', style: { fontSize: '18px', margin: '0 0 4px' } }, s.title),
            ...s.items.map((item, j) =>
              h(
                Text,
                { key: j, style: { margin: '0 0 8px' } },
                h(Link, { href: item.url, style: { color: colors.link, textDecoration: 'underline' } }, item.text),
                item.meta ? h('br') : null,
                item.meta ? h('span', { style: { color: colors.muted, fontSize: '14px' } }, item.meta) : null,
              ),
            ),
          ),
        ),
        h(Text, null, h(Link, { href: v.siteUrl, style: { color: colors.link, textDecoration: 'underline' } }, t('open_site'))),
        h(Hr, { style: { borderColor: colors.line } }),
        h(
          Text,
          { style: { color: colors.muted, fontSize: '14px' } },
          t('why'),
          ' ',
          h(Link, { href: v.settingsUrl, style: { color: colors.link, textDecoration: 'underline' } }, t('settings')),
          ' · ',
          h(Link, { href: v.unsubscribeUrl, style: { color: colors.link, textDecoration: 'underline' } }, t('unsubscribe')),
        ),
      ),
    ),
  );
}

/** The doctype React Email writes before its markup (mail clients read XHTML 1.0 transitional best). */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * React Email's components and React's server renderer, loaded with the first mail rather than at the
 * API's start: they are ~15 % of its module loading (Prism, for React Email's code blocks, among them).
 */
let kit: Promise<{
  components: typeof EmailComponents;
  renderToStaticMarkup: (element: ReactElement) => string;
  toPlainText: (html: string) => string;
}> | null = null;
const loadKit = () =>
  (kit ??= Promise.all([import('@react-email/components'), import('react-dom/server'), import('@react-email/render')]).then(
    ([components, server, render]) => ({ components, renderToStaticMarkup: server.renderToStaticMarkup, toPlainText: render.toPlainText }),
  ));

/**
 * Renders synchronously with React's static renderer (React Email's own `render` imports react-dom
 * dynamically and streams, which costs more per mail and does not run under the test runner's
 * CommonJS); the components are React Email's either way.
 */
export async function renderDigest(v: DigestView): Promise<{ subject: string; html: string; text: string }> {
  const { components, renderToStaticMarkup, toPlainText } = await loadKit();
  const subject = translate(v.locale, 'registration.mail.digest.subject', { period: v.period });
  const html = DOCTYPE + renderToStaticMarkup(DigestEmail({ ...v, subject: v.subject ?? subject }, components));
  return {
    subject,
    html,
    text: toPlainText(html),
  };
}
