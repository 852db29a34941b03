/** One cue of a WebVTT file: when it starts (whole seconds) and its text without markup. */
export interface Cue {
  startSeconds: number;
  text: string;
}

const MAX_CUES = 20_000;
const MAX_CUE_TEXT = 1000;

/** `01:02:03.456` or `02:03.456` in whole seconds, or null. */
function seconds(stamp: string): number | null {
  const m = /^(?:(\d{1,3}):)?(\d{2}):(\d{2})[.,]\d{3}$/.exec(stamp.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/**
 * The cues of a WebVTT text (captions or chapters), for searching what is said. NOTE, STYLE and
 * REGION blocks are skipped; tags (`<v Kari>`, `<i>`) and entities are removed from the text.
 */
export function parseCues(vtt: string): Cue[] {
  const cues: Cue[] = [];
  const blocks = vtt.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing < 0 || /^(NOTE|STYLE|REGION)\b/.test(lines[0] ?? '')) continue;
    const start = seconds((lines[timing] ?? '').split('-->')[0] ?? '');
    if (start === null) continue;
    const text = lines
      .slice(timing + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&nbsp;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_CUE_TEXT);
    if (text) cues.push({ startSeconds: start, text });
    if (cues.length >= MAX_CUES) break;
  }
  return cues;
}
