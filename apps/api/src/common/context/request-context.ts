import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LOCALE, type Locale } from '@legenett/contracts';

export interface RequestContext {
  requestId: string;
  locale: Locale;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs the rest of a request inside its context (set up after body parsing; see app.ts). */
export function runInRequestContext(context: RequestContext, next: () => void): void {
  storage.run(context, next);
}

/**
 * The current request's context, for code far from the controller (mail, jobs enqueued by a
 * request). Controllers should pass the locale explicitly (`@RequestLocale()`); this is the fallback.
 */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function currentLocale(): Locale {
  return storage.getStore()?.locale ?? DEFAULT_LOCALE;
}
