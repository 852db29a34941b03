/** The pictures the one file model takes for a media poster (re-encoded on the server). */
export const POSTER_ACCEPT = 'image/jpeg,image/png,image/webp';
