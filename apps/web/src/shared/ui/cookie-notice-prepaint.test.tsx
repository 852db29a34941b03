import { Box, MantineProvider } from '@mantine/core';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { i18n as appI18n } from '@/shared/i18n/i18n';
import { CookieNotice } from './cookie-notice';
import { fillPrepaint, placeholder, PREPAINT_TEXTS, type PrepaintTexts } from './cookie-notice-prepaint';
import { cssVariablesResolver, theme } from './theme';

/**
 * React's markup of the notice as the shell renders it (Mantine's variables, `AppLayout`'s box around
 * the notice, `CookieNotice`), with `texts` as the catalogue's `cookie` section.
 */
async function renderNotice(texts: PrepaintTexts): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'xx',
    defaultNS: 'web',
    resources: { xx: { web: { cookie: texts } } },
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        <MemoryRouter>
          {/* As in app/layout/app-layout.tsx. */}
          <Box maw={1200} mx="auto">
            <CookieNotice />
          </Box>
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
}

const placeholders = Object.fromEntries(PREPAINT_TEXTS.map((key) => [key, placeholder(key)])) as PrepaintTexts;

describe('the cookie notice written into the page before the app runs', () => {
  it('is React’s own markup of the notice (`npx vitest run cookie-notice-prepaint -u` writes it anew)', async () => {
    await expect(await renderNotice(placeholders)).toMatchFileSnapshot('./cookie-notice.prepaint.html');
  });

  it.each(['no', 'en'] as const)('filled with the %s texts, is what React renders in that language', async (locale) => {
    const template = await renderNotice(placeholders);
    // The app's catalogue, loaded whole by the test set-up.
    const texts = (appI18n.getResourceBundle(locale, 'web') as { cookie: PrepaintTexts }).cookie;
    const filled = fillPrepaint(template, texts);
    expect(filled).toBe(await renderNotice(texts));
    expect(filled).toContain('<section');
    expect(filled).not.toContain('%cookie.');
  });

  it('escapes the texts as React does', () => {
    expect(fillPrepaint(`<p>${placeholder('text')}</p>`, { label: '', text: `<b>"Tom" & 'Jerry'</b>`, more: '', accept: '' })).toBe(
      '<p>&lt;b&gt;&quot;Tom&quot; &amp; &#x27;Jerry&#x27;&lt;/b&gt;</p>',
    );
  });
});
