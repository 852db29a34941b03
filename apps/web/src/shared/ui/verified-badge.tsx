import { type VerifiedAs } from '@legenett/contracts';
import { Badge } from '@mantine/core';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { VerifiedIcon } from './icons';

/**
 * The trust signal beside a member's name: the profession the HPR register confirmed them as
 * (`verified_as` from the API, one field on authors, people lists, petition signers and profiles):
 * "Verifisert lege", "Verifisert medisinstudent med lisens". `icon` (lists, post and comment authors,
 * signers) is a seal with that text as its accessible name; `full` (a profile's header) shows the
 * text too. Shape and text carry the meaning, not colour.
 *
 * What the icon's seal means, for every user, without a Tab stop in every post and list row:
 * - Screen readers: its name is the profession, its description (`aria-describedby`) what the
 *   register confirmed. A focus stop would give them nothing more.
 * - Keyboard: the explanation shows while the keyboard focus is on something beside the seal in its
 *   row, the author's or person's link, which the user tabs to anyway. (A comment's author is no
 *   link, so there the seal has no keyboard trigger: linking comment authors would give it one.)
 * - Touch and mouse: a tap or a click focuses the seal (`tabIndex={-1}`: focusable by a pointer,
 *   not in the Tab order) and shows it; hovering shows it too, and the pointer can move onto it.
 * - Escape hides it until the focus or the pointer moves (WCAG 1.4.13).
 * CSS alone draws and places it (`.verified-*` in `app/global.css`, ~0.2 KiB brotli in the start-up
 * stylesheet: a module stylesheet of its own would be one more request on the feed's first load), in
 * place of the `title` only a mouse could read: Mantine's Tooltip or Popover would bring their
 * positioning library (~17 KiB brotli) into every page with a post or a person on it.
 */
export function VerifiedBadge({
  verifiedAs,
  variant = 'icon',
}: {
  verifiedAs: VerifiedAs;
  variant?: 'icon' | 'full';
}) {
  const { t } = useTranslation();
  const whyId = useId();
  useEffect(listenForEscape, []);
  if (!verifiedAs) return null;
  const label = t(`verified.${verifiedAs}`);
  const why = t(`verified.${verifiedAs}_explained`);
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
    <span role="img" aria-label={label} aria-describedby={whyId} tabIndex={-1} className="verified-seal">
      <VerifiedIcon size={16} />
      <span className="verified-tip">
        {label}. <span id={whyId}>{why}</span>
      </span>
    </span>
  );
}

/** Set on `<html>` by Escape; the next focus or pointer move removes it. */
const HIDDEN = 'data-verified-tip-hidden';
let listening = false;

/** One listener for every seal on the page. */
function listenForEscape() {
  if (listening) return;
  listening = true;
  const root = document.documentElement;
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') root.setAttribute(HIDDEN, '');
  });
  const show = () => root.removeAttribute(HIDDEN);
  document.addEventListener('focusin', show);
  document.addEventListener('pointerover', show);
}
