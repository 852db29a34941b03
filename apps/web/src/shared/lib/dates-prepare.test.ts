import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, prepareDateTimeFormat } from './dates';

// Nothing else in this file formats a date: the formats are made once per language and module.
describe('prepareDateTimeFormat', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A count of the date formats made. Each test takes a language of its own: the formats are cached. */
  const setUp = () => {
    const made = { count: 0 };
    class CountedDateTimeFormat extends Intl.DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        made.count += 1;
      }
    }
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl) as typeof Intl, { DateTimeFormat: CountedDateTimeFormat }));
    // Timers only: the fake clock would wrap Intl too.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    return made;
  };

  it('makes the format in a task of its own, and the dates then use that one', () => {
    const made = setUp();
    prepareDateTimeFormat('no');
    expect(made.count).toBe(0);
    vi.runAllTimers();
    expect(made.count).toBe(1);
    expect(formatDateTime('2026-11-22T06:00:00Z', 'no')).toBe('22. nov. 2026, 07:00');
    expect(made.count).toBe(1);
    // Once made, nothing more is scheduled.
    prepareDateTimeFormat('no');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('makes nothing once cancelled, and the dates still show', () => {
    const made = setUp();
    const cancel = prepareDateTimeFormat('en');
    cancel();
    vi.runAllTimers();
    expect(made.count).toBe(0);
    expect(formatDateTime('2026-11-22T06:00:00Z', 'en')).toBe('22 Nov 2026, 07:00');
    expect(made.count).toBe(1);
  });
});
