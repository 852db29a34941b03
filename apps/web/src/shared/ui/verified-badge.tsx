import { type VerifiedAs } from '@legenett/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VerifiedIcon } from './icons';

/**
 * The trust signal beside a member's name: the profession the HPR register confirmed them as
 * (`verified_as` from the API, one field on authors, people lists, petition signers and profiles):
 * "Verifisert lege", "Verifisert medisinstudent med lisens". `icon` (lists, post and comment authors,
 * signers) is a seal with that text as its accessible name; `full` (a profile's header) shows the
 * text too. The browser's own tooltip (`title`) says what the register confirmed: Mantine's Tooltip
 * would bring its positioning library (~17 KiB brotli) into every page with a post or a person on it.
 * Shape and text carry the meaning, not colour.
 */
export function VerifiedBadge({ verifiedAs, variant = 'icon' }: { verifiedAs: VerifiedAs; variant?: 'icon' | 'full' }) {
  const { t } = useTranslation();
  if (!verifiedAs) return null;
  const label = t(`verified.${verifiedAs}`);
  const why = t(`verified.${verifiedAs}_explained`);
  const explained = `${label}. ${why}`;
  if (variant === 'full')
    return (
      <Badge
        variant="light"
        color="teal"
        leftSection={<VerifiedIcon size={14} />}
        style={{ textTransform: 'none' }}
        title={why}
      >
        {label}
      </Badge>
    );
  return (
    <span
      role="img"
      aria-label={label}
      title={explained}
      style={{ display: 'inline-flex', flexShrink: 0, color: 'var(--mantine-color-teal-text)' }}
    >
      <VerifiedIcon size={16} />
    </span>
  );
}
