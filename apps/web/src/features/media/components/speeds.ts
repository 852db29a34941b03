import { type Locale } from '@legenett/contracts';
import { numberFormat } from '@/shared/lib/numbers';

const RATES = [0.75, 1, 1.25, 1.5, 2];

/** Playback speeds offered by both players, written the user's way (`1,25×` / `1.25×`). */
export function speedOptions(locale: Locale) {
  const number = numberFormat(locale, { maximumFractionDigits: 2 });
  return RATES.map((rate) => ({ value: String(rate), label: `${number.format(rate)}×` }));
}

/** Starts playing; a refused autoplay (or an environment without media) is not an error. */
export function playQuietly(element: HTMLMediaElement | null | undefined): void {
  const started = element?.play() as Promise<void> | undefined;
  if (started && typeof started.catch === 'function') started.catch(() => undefined);
}
