import { createMemoryRouter } from 'react-router-dom';
import { whenRouterReady, type AppRouter } from './router';

describe('whenRouterReady', () => {
  it('waits for the first route’s lazy module before it resolves', async () => {
    let loadPage: (module: { Component: () => null }) => void = () => undefined;
    const pageModule = new Promise<{ Component: () => null }>((resolve) => {
      loadPage = resolve;
    });
    const router = createMemoryRouter([{ path: '/', lazy: () => pageModule }], { initialEntries: ['/'] }) as unknown as AppRouter;
    let ready = false;
    const waiting = whenRouterReady(router).then(() => {
      ready = true;
    });

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.initialized).toBe(false);
    expect(ready).toBe(false);

    loadPage({ Component: () => null });
    await waiting;
    expect(ready).toBe(true);
    expect(router.state.initialized).toBe(true);
    router.dispose();
  });

  it('resolves at once when the router has nothing to load', async () => {
    const router = createMemoryRouter([{ path: '/', Component: () => null }], { initialEntries: ['/'] }) as unknown as AppRouter;
    expect(router.state.initialized).toBe(true);
    await expect(whenRouterReady(router)).resolves.toBeUndefined();
    router.dispose();
  });
});
