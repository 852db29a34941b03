import { defineMessages } from './define';

/** Posts, the feed, comments and likes: API messages. */
export const posts = defineMessages(
  {
    errors: {
      empty_post: 'Skriv en tekst eller legg ved en fil.',
      comments_disabled: 'Firmaet har slått av kommentarer på sine innlegg.',
      cannot_share_archived: 'Arkiverte innlegg kan ikke deles.',
    },
  },
  {
    errors: {
      empty_post: 'Write some text or attach a file.',
      comments_disabled: 'This company has turned off comments on its posts.',
      cannot_share_archived: 'Archived posts cannot be shared.',
    },
  },
);
