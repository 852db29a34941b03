import { Component, type ReactNode, Suspense } from 'react';

interface State {
  failed: boolean;
}

/**
 * A lazily loaded part of the app's shell (the toasts' container, the header's menus, the audio
 * player): shows nothing while its code loads, and nothing if it cannot be loaded, so a chunk lost
 * with the connection leaves the page as it is. Without it the error reached the root and React
 * took the whole app down: a blank page (an e2e run that went offline while the toasts' chunk was on
 * its way). Pair it with `importWhenOnline` in the `lazy()`, which asks again once back online.
 *
 * ```tsx
 * const Toasts = lazy(() => importWhenOnline(() => import('./toasts')).then((m) => ({ default: m.Toasts })));
 * <ShellPart><Toasts /></ShellPart>
 * ```
 */
export class ShellPart extends Component<{ children: ReactNode; /** While it loads (nothing by default). */ fallback?: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('A part of the page could not be loaded', error);
  }

  override render(): ReactNode {
    if (this.state.failed) return null;
    return <Suspense fallback={this.props.fallback ?? null}>{this.props.children}</Suspense>;
  }
}
