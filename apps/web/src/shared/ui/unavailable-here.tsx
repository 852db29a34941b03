import { Alert, Anchor, AspectRatio } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The provider of an address as people say it ("vimeo.com"), or null for one of this site. */
export function providerOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.origin === window.location.origin) return null;
    return parsed.hostname.replace(/^(www|player|m)\./, '');
  } catch {
    return null;
  }
}

/**
 * What the page says instead of a player it cannot show (an external item, an embed or a file that
 * did not load): "Ikke tilgjengelig her", the provider's name, and a link to it when there is one.
 * Never a blank box, never a new tab with an error page.
 */
export function UnavailableHere({ url }: { url?: string | null }) {
  const { t } = useTranslation();
  const provider = providerOf(url);
  return (
    <Alert color="gray" variant="light" title={t('unavailable.title')} role="status">
      {provider ? t('unavailable.at_provider', { provider }) : t('unavailable.missing')}
      {provider && url && (
        <>
          {' '}
          <Anchor href={url} target="_blank" rel="noopener noreferrer">
            {t('unavailable.open', { provider })}
          </Anchor>
        </>
      )}
    </Alert>
  );
}

/** How long an embedded player may take before the page says it is not available. */
export const EMBED_TIMEOUT_MS = 15_000;

/** An embedded player (16:9) that falls back to `UnavailableHere` when it has not loaded in time. */
export function EmbedFrame({ src, title, allow }: { src: string; title: string; allow?: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => setState('failed'), EMBED_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state]);
  if (state === 'failed') return <UnavailableHere url={src} />;
  return (
    <AspectRatio ratio={16 / 9} mt="xs">
      <iframe
        src={src}
        title={title}
        allow={allow ?? 'autoplay; fullscreen; picture-in-picture'}
        allowFullScreen
        style={{ border: 0 }}
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
    </AspectRatio>
  );
}
