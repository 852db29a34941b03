import { type Mention } from '@legenett/contracts';
import { Anchor } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { splitMentions } from './mentions';

/**
 * A post's or comment's text with each mention (`@[id]`) as a link to that profile; a mention of
 * someone the viewer cannot see (or no longer exists) reads "@noen".
 */
export function MentionText({ text, mentions }: { text: string; mentions?: readonly Mention[] }) {
  const { t } = useTranslation('feed');
  return (
    <>
      {splitMentions(text, mentions).map((part, i) =>
        'text' in part ? (
          <Fragment key={i}>{part.text}</Fragment>
        ) : part.person ? (
          <Anchor key={i} component={Link} to={paths.profileBySlug.href({ slug: part.person.slug })} inherit fw={600}>
            @{part.person.first_name} {part.person.last_name}
          </Anchor>
        ) : (
          <Fragment key={i}>@{t('mentions.someone')}</Fragment>
        ),
      )}
    </>
  );
}
