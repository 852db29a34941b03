import { type VerifiedAs } from '@legenett/contracts';
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VerifiedIcon } from './icons';

/**
 * The trust signal beside a member's name: the profession the HPR register confirmed them as
 * (`verified_as` from the API, one field on authors, people lists, petition signers and profiles):
 * "Verifisert lege", "Verifisert medisinstudent med lisens". `icon` (lists, post and comment authors,
 * signers) is a seal with that text as its accessible name; `full` (a profile's header) shows the
 * text too. The tooltip says what the register confirmed. Shape and text carry the meaning, not colour.
 */
export function VerifiedBadge({ verifiedAs, variant = 'icon' }: { verifiedAs: VerifiedAs; variant?: 'icon' | 'full' }) {
  const { t } = useTranslation();
  if (!verifiedAs) return null;
  const label = t(`verified.${verifiedAs}`);
  const why = t(`verified.${verifiedAs}_explained`);
  const explained = `${label}. ${why}`;
  if (variant === 'full')
    return (
      <Tooltip label={why} withArrow multiline w={260}>
        <Badge
          variant="light"
          color="teal"
          leftSection={<VerifiedIcon size={14} />}
          style={{ textTransform: 'none' }}
        >
          {label}
        </Badge>
      </Tooltip>
    );
  return (
    <Tooltip label={explained} withArrow multiline w={260}>
      <span
        role="img"
        aria-label={label}
        title={explained}
        style={{ display: 'inline-flex', flexShrink: 0, color: 'var(--mantine-color-teal-text)' }}
      >
        <VerifiedIcon size={16} />
      </span>
    </Tooltip>
  );
}
