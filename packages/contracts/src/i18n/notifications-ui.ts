import { defineMessages } from './define';

/** The web app's notification bell and list. */
export const notificationsUi = defineMessages(
  {
    bell_label: 'Varsler',
    bell_label_unread: 'Varsler, {{count}} uleste',
    title: 'Varsler',
    mark_all_read: 'Merk alle som lest',
    empty: 'Du har ingen varsler.',
    load_error: 'Kunne ikke hente varsler.',
    unread: 'Ulest',
    someone: 'Noen',
    list_label: 'Nyeste varsler',
    kinds: {
      comment: '{{name}} kommenterte innlegget ditt',
      like: '{{name}} likte innlegget ditt',
      new_follower: '{{name}} følger deg nå',
      follow_invitation: '{{name}} inviterte deg til å følge',
      new_content: '{{name}} publiserte nytt innhold',
      account_decision: 'Kontoen din er behandlet',
      account_decision_approved: 'Kontoen din er godkjent',
      account_decision_rejected: 'Kontoen din ble ikke godkjent',
      chat_message: 'Ny melding fra {{name}}',
    },
  },
  {
    bell_label: 'Notifications',
    bell_label_unread: 'Notifications, {{count}} unread',
    title: 'Notifications',
    mark_all_read: 'Mark all as read',
    empty: 'You have no notifications.',
    load_error: 'Could not load notifications.',
    unread: 'Unread',
    someone: 'Someone',
    list_label: 'Newest notifications',
    kinds: {
      comment: '{{name}} commented on your post',
      like: '{{name}} liked your post',
      new_follower: '{{name}} is now following you',
      follow_invitation: '{{name}} invited you to follow',
      new_content: '{{name}} published new content',
      account_decision: 'Your account has been reviewed',
      account_decision_approved: 'Your account has been approved',
      account_decision_rejected: 'Your account was not approved',
      chat_message: 'New message from {{name}}',
    },
  },
);
