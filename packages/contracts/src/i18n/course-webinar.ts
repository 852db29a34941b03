import { defineMessages } from './define';

/** Webinar video and reminders (docs/courses.md "Webinar video", "Reminders"). */
export const courseWebinar = defineMessages(
  {
    errors: {
      too_late: 'Videoen må lastes opp senest 2 dager før start.',
      start_too_close_for_video: 'Webinaret har en opplastet video, så starten må være minst 2 dager fram i tid.',
      webinar_only: 'Bare webinarer kan ha en opplastet video.',
      wrong_type: 'Videoen må være en MP4- eller WebM-fil.',
      missing: 'Velg en videofil.',
      cancelled: 'Et avlyst arrangement kan ikke få ny video.',
    },
    video: 'Webinarvideo',
    video_hint: 'MP4 eller WebM, senest 2 dager før start: {{date}}.',
    upload: 'Last opp video',
    replace: 'Bytt video',
    uploading: 'Laster opp … {{percent}} %',
    uploaded: 'Videoen er lastet opp.',
    uploaded_at: 'Video lastet opp {{date}}',
    no_video: 'Ingen video lastet opp ennå.',
    closed: 'Fristen for å laste opp video gikk ut {{date}}.',
    player_label: 'Video: {{title}}',
    sms: {
      reminder_24h: 'Legenett: «{{title}}» starter {{start}}. {{link}}',
      reminder_1h: 'Legenett: «{{title}}» starter om en time ({{start}}). {{link}}',
      recording: 'Legenett: Opptaket av «{{title}}» er klart. {{link}}',
    },
  },
  {
    errors: {
      too_late: 'The video must be uploaded at least 2 days before the start.',
      start_too_close_for_video: 'The webinar has an uploaded video, so its start must be at least 2 days ahead.',
      webinar_only: 'Only webinars can have an uploaded video.',
      wrong_type: 'The video must be an MP4 or WebM file.',
      missing: 'Choose a video file.',
      cancelled: 'A cancelled event cannot get a new video.',
    },
    video: 'Webinar video',
    video_hint: 'MP4 or WebM, at least 2 days before the start: {{date}}.',
    upload: 'Upload video',
    replace: 'Replace video',
    uploading: 'Uploading … {{percent}} %',
    uploaded: 'The video is uploaded.',
    uploaded_at: 'Video uploaded {{date}}',
    no_video: 'No video uploaded yet.',
    closed: 'The deadline for uploading a video passed {{date}}.',
    player_label: 'Video: {{title}}',
    sms: {
      reminder_24h: 'Legenett: "{{title}}" starts {{start}}. {{link}}',
      reminder_1h: 'Legenett: "{{title}}" starts in one hour ({{start}}). {{link}}',
      recording: 'Legenett: The recording of "{{title}}" is ready. {{link}}',
    },
  },
);
