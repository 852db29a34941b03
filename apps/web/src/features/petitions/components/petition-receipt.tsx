import { Box, Button, Code, Text } from '@mantine/core';
import { type SignatureReceipt } from '@legenett/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDate } from '@/shared/lib/dates';

const fromHex = (hex: string) => new Uint8Array((hex.match(/../g) ?? []).map((b) => parseInt(b, 16)));
const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const sha256 = async (...parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return new Uint8Array(await crypto.subtle.digest('SHA-256', all));
};

/**
 * The receipt's inclusion proof checked in the browser (RFC 9162 2.1.3.2, SHA-256): the entry hashes
 * to its leaf and the proof leads to the checkpoint's root. The checkpoint's Ed25519 signature is the
 * standalone verifier's and the API's `verify` (docs/petitions.md), not repeated here.
 */
export async function receiptHolds(r: SignatureReceipt): Promise<boolean> {
  if (r.leaf_index === null || !r.checkpoint || !r.inclusion_proof) return false;
  const e = r.entry;
  const text = `legenett-petition-log/v1\n${e.petition_id}\n${e.action}\n${e.signer}\n${e.created_at}\n`;
  let hash = await sha256(new Uint8Array([0]), new TextEncoder().encode(text));
  if (toHex(hash.buffer) !== e.leaf_hash) return false;
  let fn = r.leaf_index;
  let sn = r.checkpoint.tree_size - 1;
  for (const step of r.inclusion_proof.map(fromHex)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      hash = await sha256(new Uint8Array([1]), step, hash);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      hash = await sha256(new Uint8Array([1]), hash, step);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && toHex(hash.buffer) === r.checkpoint.root_hash;
}

/** The signer's receipt: where the signature is in the log, whether the proof holds, and the file to keep. */
export function PetitionReceipt({ receipt }: { receipt: SignatureReceipt }) {
  const { t } = useTranslation('petitions');
  const locale = useLocale();
  const [holds, setHolds] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    setHolds(null);
    if (receipt.leaf_index !== null) void receiptHolds(receipt).then((ok) => live && setHolds(ok));
    return () => {
      live = false;
    };
  }, [receipt]);

  const download = () => {
    const url = URL.createObjectURL(new Blob([`${JSON.stringify(receipt, null, 2)}\n`], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${t('receipt').toLowerCase()}-${receipt.petition_id}.json`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const position = receipt.leaf_index === null ? null : receipt.leaf_index + 1;
  return (
    <div>
      <Text size="sm" fw={600}>
        {t('receipt')}
      </Text>
      {position !== null && (
        <Text size="sm">{t('receipt_text', { position, date: formatDate(receipt.signed_at, locale) })}</Text>
      )}
      <Text size="sm" role="status" c={holds === false ? 'red' : holds ? 'green' : undefined}>
        {position === null || holds === null
          ? t('receipt_pending')
          : holds
            ? t('receipt_verified', { position, size: receipt.checkpoint!.tree_size })
            : t('receipt_invalid')}
      </Text>
      <Button size="xs" variant="light" mt={6} onClick={download} disabled={receipt.leaf_index === null}>
        {t('receipt_download')}
      </Button>
      <Text size="xs" c="dimmed" mt={4}>
        {t('receipt_download_note')}
      </Text>
      <Box component="details" mt={4}>
        <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
          {t('receipt_details')}
        </Text>
        <Text size="sm" mt={4}>
          {t('receipt_hash')}: <Code style={{ wordBreak: 'break-all' }}>{receipt.entry.leaf_hash}</Code>
        </Text>
      </Box>
    </div>
  );
}
