import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { type ReactNode } from 'react';
import { z } from 'zod';
import { useContractForm } from './contract-form';

/** A decision's reason as its contract states it (`DecisionReasonSchema`, `CourseRejectBody`). */
type ReasonSchema = z.ZodType<{ reason: string }, { reason: string }>;

/** The form of a decision without a reason: nothing to check. */
const NoReason = z.object({});

export interface DecisionDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the decision does, and any warning (above the reason). */
  children?: ReactNode;
  /** Asks for a reason the other person is told, checked by the endpoint's schema; without it, a plain confirmation. */
  reason?: { schema: ReasonSchema; label: string; placeholder?: string; maxLength?: number };
  confirmLabel: string;
  cancelLabel: string;
  /** A red confirm button (reject, block). */
  danger?: boolean;
  /**
   * Makes the decision. When it resolves the dialog closes; when it fails a 422's message stands beside
   * the reason and the dialog stays open (the API client has shown every failure as a toast).
   */
  onConfirm: (reason: string | undefined) => Promise<unknown>;
}

/**
 * The one confirmation of a moderator's decision (an account's approval or block, a course's
 * rejection): on the form kit, so the reason is checked by the contract and a refusal appears beside
 * it. **Copy:** `features/admin/components/decision-modal.tsx`.
 */
export function DecisionDialog({ opened, onClose, title, ...form }: DecisionDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {/* Mounted while open: each opening starts from an empty reason. */}
      {opened ? <DecisionForm {...form} onClose={onClose} /> : null}
    </Modal>
  );
}

function DecisionForm({
  children,
  reason,
  confirmLabel,
  cancelLabel,
  danger,
  onConfirm,
  onClose,
}: Omit<DecisionDialogProps, 'opened' | 'title'>) {
  const form = useContractForm<{ reason?: string }, { reason?: string }>(reason?.schema ?? NoReason, {
    defaultValues: reason ? { reason: '' } : {},
  });
  const onSubmit = form.submit(async (values) => {
    await onConfirm(reason ? values.reason : undefined);
    onClose();
  });
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <Stack gap="md">
        {children}
        {reason ? (
          <Textarea
            label={reason.label}
            placeholder={reason.placeholder}
            maxLength={reason.maxLength}
            rows={4}
            required
            data-autofocus
            {...form.register('reason')}
            error={form.fieldError('reason')}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" color={danger ? 'red' : undefined} loading={form.formState.isSubmitting}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
