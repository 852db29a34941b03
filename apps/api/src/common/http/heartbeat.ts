/**
 * One timer for every open event stream of a process: each tick calls every registered beat (a comment
 * line that keeps proxies from closing an idle stream). A timer per stream costs 40 000 timers at
 * 40 000 streams; this is one, running only while a stream is open (issue 40).
 */
export class Heartbeat {
  private readonly beats = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly everyMs: number) {}

  /** Registers a beat; the answer removes it. */
  add(beat: () => void): () => void {
    this.beats.add(beat);
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), this.everyMs);
      this.timer.unref();
    }
    return () => {
      this.beats.delete(beat);
      if (this.beats.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /** Beats registered now (tests). */
  get size(): number {
    return this.beats.size;
  }

  private tick(): void {
    for (const beat of this.beats) {
      try {
        beat();
      } catch {
        // A stream that cannot be written to is closing: its close removes the beat.
      }
    }
  }
}
