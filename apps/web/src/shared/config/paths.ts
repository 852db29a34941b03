import { webRoutes } from '@legenett/contracts';
import { generatePath, type PathParam } from 'react-router-dom';

type Params<P extends string> = { [K in PathParam<P>]: string | number | null };

/** One path: its pattern for the route table and a typed link builder. */
function route<const P extends string>(path: P) {
  return {
    path,
    href: (...args: PathParam<P> extends never ? [] : [Params<P>]): string => {
      const params = args[0] as Record<string, string | number | null> | undefined;
      if (!params) return path;
      const asStrings = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v === null ? null : String(v)]));
      return generatePath(path, asStrings as never);
    },
  };
}

type Route<P extends string> = ReturnType<typeof route<P>>;

/**
 * Every path of the SPA, defined once (spec point 2) in the contracts' `webRoutes`, which the API's
 * e-mail links use too. Route table, links and redirects use these.
 */
export const paths = Object.fromEntries(Object.entries(webRoutes).map(([name, pattern]) => [name, route(pattern)])) as {
  readonly [K in keyof typeof webRoutes]: Route<(typeof webRoutes)[K]>;
};

/**
 * The login dialog that returns to `next` afterwards (a petition opened from a shared link). Only a
 * path of this app is kept: anything else (another host, `//x`) is dropped by `safeNext`.
 */
export function loginHref(next: string): string {
  return `${paths.login.path}?${new URLSearchParams({ next }).toString()}`;
}

/** The `next` of a login link when it is a path of this app, else null. */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
