import { defineMessages } from './define';

/** Texts of the web's shared form fields that only some pages carry (the date and time picker). */
export const formsUi = defineMessages(
  {
    date_time: {
      date: 'dato',
      time: 'klokkeslett',
      hours: 'timer',
      minutes: 'minutter',
      oslo_time: 'Norsk tid. Skriv datoen som 7.1.2027 eller velg i kalenderen.',
    },
  },
  {
    date_time: {
      date: 'date',
      time: 'time',
      hours: 'hours',
      minutes: 'minutes',
      oslo_time: 'Norwegian time. Type the date as 7.1.2027 or pick it in the calendar.',
    },
  },
);
