import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
// First the browser paints what the page's HTML holds (the cookie notice the API writes into it), then
// the start-up runs: one frame later than before for a user, but the notice no longer waits for it.
import './app/start/after-first-frame';
// The start-up chunk is evaluated in steps, a task each, in the order of these imports: one task of
// ~600-700 ms on a phone (4x slower CPU) became five of ~70-300, so the browser is never blocked that
// long and Lighthouse counts less blocking time (docs/performance/web.md, "The start-up in steps").
// Each `after-*` module awaits the next task at its top level; the bundler keeps the chunk's modules in
// this order, so everything after it waits. Moving an import only moves work between steps.
import { config as zodConfig } from 'zod';
import './app/start/after-zod';
import '@/shared/auth/auth-store';
import './app/start/after-validation';
import './shared/i18n/i18n';
import './app/start/after-texts';
import '@/features/auth/api/session';
import './app/start/after-session';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/start/after-libraries';
import { createAppRouter, whenRouterReady } from './app/router';
import { createQueryClient } from './shared/api/query-client';
import { startServiceWorkerAfterLoad } from './app/pwa/after-load';

// The page's CSP allows no eval, so zod need not find out on the first parse (a `new Function` probe
// that throws, 8 ms of `/feed`'s start-up in the 4x slower profile).
zodConfig({ jitless: true });

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The router (React Router flattens, ranks and matches the ~100 routes: ~45 ms of the 4x slower
// profile) is made in a task of its own, after the one that evaluated the start-up modules: one long
// task of ~340 ms (4x slower) becomes two, which Lighthouse counts as less blocking time
// (docs/performance/web.md). The page's chunks are already on their way (the page's modulepreloads).
setTimeout(() => {
  const router = createAppRouter();
  // The first render is a transition, so React renders the shell and the page in slices of a few
  // milliseconds with the browser free in between, instead of in one long task. It starts once the
  // router has loaded what the first URL needs (its page module and catalogue sections): the router
  // tells React of its state through a subscription made when the render commits, and a state change
  // between a sliced render's start and its commit would be missed (docs/performance/web.md).
  void whenRouterReady(router).then(() => {
    const reactRoot = createRoot(root);
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <App queryClient={queryClient} router={router} />
        </StrictMode>,
      );
    });
  });
}, 0);

// The installable app's service worker, after the page has loaded (docs/push-and-pwa.md).
startServiceWorkerAfterLoad();
