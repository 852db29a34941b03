import { defineMessages } from './define';

/** Messages between colleagues (issue 26): API errors and the web app's texts. */
export const messages = defineMessages(
  {
    errors: {
      cannot_deliver: 'Meldingen kan ikke leveres.',
      cannot_add: 'Kan ikke legges til i en gruppe av deg.',
      suspended: 'En administrator har stengt meldingene dine til {{until}}.',
      empty_message: 'Skriv en tekst eller legg ved en fil.',
      too_many_files: 'Legg ved maks {{maximum}} filer.',
      reply_not_found: 'Meldingen du svarer på, finnes ikke i denne samtalen.',
      cannot_message_self: 'Du kan ikke sende en melding til deg selv.',
      edit_window: 'Meldinger kan bare endres de første 15 minuttene.',
      message_deleted: 'Meldingen er slettet.',
      not_a_request: 'Denne samtalen venter ikke på svar fra deg.',
      not_a_group: 'Dette er ikke en gruppesamtale.',
      group_full: 'En gruppe kan ha maks {{maximum}} deltakere.',
      remove_self: 'Bruk «Forlat gruppen» for å gå ut selv.',
      report_own: 'Du kan bare rapportere andres meldinger.',
      report_one_sender: 'Rapporter meldinger fra én avsender om gangen.',
      report_decided: 'Rapporten er allerede behandlet.',
    },
  },
  {
    errors: {
      cannot_deliver: 'The message cannot be delivered.',
      cannot_add: 'Cannot be added to a group by you.',
      suspended: 'An administrator has suspended your messages until {{until}}.',
      empty_message: 'Write some text or attach a file.',
      too_many_files: 'Attach at most {{maximum}} files.',
      reply_not_found: 'The message you reply to is not in this conversation.',
      cannot_message_self: 'You cannot send a message to yourself.',
      edit_window: 'Messages can only be edited in the first 15 minutes.',
      message_deleted: 'The message has been deleted.',
      not_a_request: 'This conversation is not waiting for your answer.',
      not_a_group: 'This is not a group conversation.',
      group_full: 'A group can have at most {{maximum}} participants.',
      remove_self: 'Use "Leave group" to leave it yourself.',
      report_own: "You can only report other people's messages.",
      report_one_sender: 'Report messages of one sender at a time.',
      report_decided: 'The report has already been decided.',
    },
  },
);
