import { catalogue, type Locale, translate } from '@legenett/contracts';
import { renderMail } from './mail-templates';

/** Every string of a catalogue with its dotted key. */
function texts(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]) => texts(value, prefix ? `${prefix}.${key}` : key));
}

describe('counts in words (issue 42: "har sendt deg 3 melding(er)")', () => {
  it('picks the plural form of a count in each language, and falls back to the key without one', () => {
    expect(translate('no', 'notifications_ui.digest.comments_count', { count: 1 })).toBe('1 kommentar');
    expect(translate('no', 'notifications_ui.digest.comments_count', { count: 23 })).toBe('23 kommentarer');
    expect(translate('en', 'notifications_ui.digest.comments_count', { count: 1 })).toBe('1 comment');
    expect(translate('en', 'notifications_ui.digest.comments_count', { count: 0 })).toBe('0 comments');
    // A key without plural forms reads as before, with or without a count.
    expect(translate('en', 'notifications_ui.bell_label_unread', { count: 1 })).toBe('Notifications, 1 unread');
  });

  it('writes the unread-messages e-mail with the right word for one and for several', () => {
    const vars = { name: 'Kari', sender: 'Ola Hansen', link: 'https://legenett.no/messages' };
    const one = (locale: Locale) => renderMail('chat_unread', locale, { ...vars, count: 1 }).text;
    const three = (locale: Locale) => renderMail('chat_unread', locale, { ...vars, count: 3 }).text;
    expect(one('no')).toContain('har sendt deg 1 melding på Legenett');
    expect(three('no')).toContain('har sendt deg 3 meldinger på Legenett');
    expect(one('en')).toContain('has sent you 1 message on Legenett');
    expect(three('en')).toContain('has sent you 3 messages on Legenett');
  });

  it('leaves no "(er)" or "(s)" plural in any text of either language', () => {
    for (const locale of ['no', 'en'] as const) {
      const lazy = texts(catalogue[locale]).filter(([, text]) => /\w\((er|e|s|r)\)(\W|$)/.test(text));
      expect([locale, lazy]).toEqual([locale, []]);
    }
  });
});
