import { useId } from 'react';

/**
 * Spread on a Mantine `Modal` opened through `LoadOnFirstOpen`: `<Modal {...useFocusFallback()} ...>`.
 *
 * Mantine's Modal gives the focus back, when it closes, to the element that had it when it opened
 * (WCAG 2.4.3). When that element is gone (the page behind the dialog changed: the route guard's
 * redirect, a navigation, a list that reloaded), or nothing had it (the dialog opened as the page
 * loaded), the focus stays on the closing dialog and falls to `<body>` when it unmounts: a keyboard
 * or screen-reader user would start again from the top of the document. After the exit transition
 * (Mantine's own return runs 10 ms after closing), a focus still in this dialog or on nothing goes
 * to the main landmark, where the skip link leads (`tabIndex={-1}` in the app layout): it stays the
 * same element across navigations, so it is there even when the next page is still loading. A focus
 * that went elsewhere (the element it came from, another dialog) is left alone.
 */
export function useFocusFallback(): { id: string; onExitTransitionEnd: () => void } {
  const id = useId();
  return { id, onExitTransitionEnd: () => focusMainIfLost(id) };
}

function focusMainIfLost(dialogId: string) {
  const active = document.activeElement;
  const lost =
    active === null ||
    active === document.body ||
    !active.isConnected ||
    (document.getElementById(dialogId)?.contains(active) ?? false);
  if (lost) document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
}
