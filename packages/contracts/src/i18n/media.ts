import { defineMessages } from './define';

/** Video and audio archive, its administration and rich-text image uploads. */
export const media = defineMessages(
  {
    errors: {
      wrong_video_type: 'Videoen må være en MP4- eller WebM-fil.',
      wrong_audio_type: 'Lydfilen må være en MP3-, M4A- eller OGG-fil.',
      file_required: 'Velg en fil, eller oppgi en lenke eller innebyggingskode.',
      one_source: 'Velg bare én kilde: fil, lenke eller innebyggingskode.',
      unreadable_media: 'Filen kunne ikke leses som lyd eller video.',
      ffmpeg_missing:
        'Serveren mangler ffmpeg/ffprobe (Debian-pakken «ffmpeg»), så varighet og bilde kan ikke leses. Be driftsansvarlig installere den.',
      embed_not_allowed: 'Innebyggingskoden må være en iframe fra YouTube, Vimeo eller en annen godkjent tjeneste.',
      captions_type: 'Tekstingen må være en WebVTT-fil (.vtt).',
      specialties_required: 'Velg minst én spesialitet for denne tilgangen.',
      category_kind: 'Kategorien finnes ikke for denne typen.',
      link_expired: 'Lenken er utløpt. Last siden på nytt.',
      link_other_user: 'Lenken tilhører en annen bruker.',
      image_quota: 'Du har brukt opp lagringsplassen for bilder.',
    },
  },
  {
    errors: {
      wrong_video_type: 'The video must be an MP4 or WebM file.',
      wrong_audio_type: 'The audio file must be an MP3, M4A or OGG file.',
      file_required: 'Choose a file, or give a link or embed code.',
      one_source: 'Choose only one source: file, link or embed code.',
      unreadable_media: 'The file could not be read as audio or video.',
      ffmpeg_missing:
        'The server lacks ffmpeg/ffprobe (the Debian package "ffmpeg"), so duration and poster cannot be read. Ask operations to install it.',
      embed_not_allowed: 'The embed code must be an iframe from YouTube, Vimeo or another allowed service.',
      captions_type: 'Captions must be a WebVTT file (.vtt).',
      specialties_required: 'Choose at least one specialty for this access level.',
      category_kind: 'The category does not exist for this kind.',
      link_expired: 'The link has expired. Reload the page.',
      link_other_user: 'The link belongs to another user.',
      image_quota: 'You have used up your storage for images.',
    },
  },
);
