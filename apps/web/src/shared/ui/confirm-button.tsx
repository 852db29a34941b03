import { Button, type ButtonProps } from '@mantine/core';
import { lazy, useState } from 'react';
import { LoadOnFirstOpen } from './load-on-first-open';

const ConfirmDialog = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/**
 * A button that asks first: the question in a dialog, then `onConfirm`; the dialog closes when it
 * succeeds and stays open (with the error toast) when it fails. For what cannot be undone in one
 * click: leaving a course or a waiting list, withdrawing a signature, publishing.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  loading,
  ariaLabel,
  ...button
}: {
  label: string;
  question: string;
  /** The dialog's confirming button, when it should say more than the trigger. */
  confirmLabel?: string;
  onConfirm: () => Promise<unknown>;
  loading?: boolean;
  /** The trigger's accessible name when its short label is not enough (one of several "Remove"). */
  ariaLabel?: string;
} & Omit<ButtonProps, 'children' | 'onClick'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} aria-label={ariaLabel} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <LoadOnFirstOpen opened={open}>
        {(opened) => (
          <ConfirmDialog
            opened={opened}
            title={label}
            question={question}
            confirmLabel={confirmLabel ?? label}
            color={button.color}
            loading={loading}
            onCancel={() => setOpen(false)}
            onConfirm={() =>
              void onConfirm().then(
                () => setOpen(false),
                () => undefined,
              )
            }
          />
        )}
      </LoadOnFirstOpen>
    </>
  );
}
