import { act } from '@testing-library/react';

/**
 * A stand-in for the browser's EventSource that a test drives (`vi.stubGlobal('EventSource',
 * FakeEventSource)`, `FakeEventSource.instances = []` before each test): `emit` delivers an event,
 * `fail` refuses the connection as the browser reports it (closed, then an `error` event).
 */
export class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(public url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown, lastEventId = '') {
    act(() => this.listeners.get(type)?.forEach((l) => l(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }))));
  }
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    act(() => this.listeners.get('error')?.forEach((l) => l(new MessageEvent('error'))));
  }
}
