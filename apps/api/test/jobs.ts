import { OutboxRelay } from '../src/common/outbox';
import { type TestApp } from './app';

/**
 * Waits until the app's job outbox has nothing due and the queue has run what it was handed:
 * after it, every notification and mail job of the requests before has run (or failed for good).
 */
export const settleJobs = (t: Pick<TestApp, 'app'>): Promise<void> => t.app.get(OutboxRelay).settle();
