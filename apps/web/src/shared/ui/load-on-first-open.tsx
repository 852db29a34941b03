import { type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * A dialog whose code is fetched the first time it opens: Mantine's Modal brings its ScrollArea and
 * focus trap (~20 KiB brotli), which a page should not load before its first paint for a dialog most
 * visits never open. The dialog is a `lazy()` import rendered by `children`, which gets the `opened`
 * to pass on:
 *
 * ```tsx
 * const ShareDialog = lazy(() => import('./share-dialog').then((m) => ({ default: m.ShareDialog })));
 * <LoadOnFirstOpen opened={open}>{(opened) => <ShareDialog opened={opened} onClose={close} />}</LoadOnFirstOpen>
 * ```
 *
 * Once loaded it stays mounted, so it closes with its transition. On its first mount it is rendered
 * closed and opened on the next commit: Mantine's Modal notes the focused element when `opened`
 * changes (not when it mounts open), and that is where the focus returns on close. A dialog that can
 * outlive that element (one opened by the app, not by a button: the maintenance dialog, the access
 * notices) also spreads `useFocusFallback()` from `./dialog-focus` on its Modal.
 */
export function LoadOnFirstOpen({ opened, children }: { opened: boolean; children: (opened: boolean) => ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OpenAfterMount opened={opened}>{children}</OpenAfterMount>
    </Suspense>
  );
}

/** Inside the Suspense boundary: its first commit is the loaded dialog's first, closed. */
function OpenAfterMount({ opened, children }: { opened: boolean; children: (opened: boolean) => ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return children(opened && mounted);
}
