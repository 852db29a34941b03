import { createExternalStore } from '@/shared/lib/external-store';

/** The track of the sticky audio player; it keeps playing while the user moves around the SPA. */
export interface AudioTrack {
  id: number;
  title: string;
  src: string;
  poster: string | null;
  /** Where to start (the saved position, or 0). */
  startAt: number;
  /** Each play request gets a new number, so asking again for the same track restarts nothing but plays. */
  request: number;
}

export const audioPlayerStore = createExternalStore<AudioTrack | null>(null);

let requests = 0;

export const audioPlayer = {
  play(track: Omit<AudioTrack, 'request'>) {
    requests += 1;
    audioPlayerStore.set({ ...track, request: requests });
  },
  close() {
    audioPlayerStore.set(null);
  },
};
