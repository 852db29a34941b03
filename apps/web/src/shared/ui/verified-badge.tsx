import { type VerifiedAs } from '@legenett/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VerifiedIcon } from './icons';

/**
 * The trust signal beside a member's name: confirmed in the HPR register (`verified_as` from the
 * API, one field on authors, people lists and profiles). `icon` (lists, post and comment authors) is
 * a seal with its text as the accessible name; `full` (a profile's header) shows the text too. The
 * browser's own tooltip (`title`, also the accessible description) explains where the confirmation
 * comes from: Mantine's Tooltip would bring its positioning library (~17 KiB brotli) into every page
 * with a post or a person on it. Shape and text carry the meaning, not colour.
 */
export function VerifiedBadge({ verifiedAs, variant = 'icon' }: { verifiedAs: VerifiedAs; variant?: 'icon' | 'full' }) {
  const { t } = useTranslation();
  if (!verifiedAs) return null;
  const label = t(`verified.${verifiedAs}`);
  const explained = `${label}. ${t('verified.explained')}`;
  if (variant === 'full')
    return (
      <Badge
        variant="light"
        color="teal"
        leftSection={<VerifiedIcon size={14} />}
        style={{ textTransform: 'none' }}
        title={t('verified.explained')}
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
