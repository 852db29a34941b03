import { defineMessages } from './define';

/** Network: follows, followers, profile search, partner companies, notifications. */
export const network = defineMessages(
  {
    errors: {
      self_follow: 'Du kan ikke følge deg selv.',
    },
  },
  {
    errors: {
      self_follow: 'You cannot follow yourself.',
    },
  },
);
