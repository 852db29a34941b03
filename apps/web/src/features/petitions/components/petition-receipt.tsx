import { Anchor, Box, Button, Code, Group, Stack, Text } from '@mantine/core';
import { type SignatureReceipt } from '@legenett/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { notify } from '@/shared/ui/notify';
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

const base64ToBytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const bytesToBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** The log's name in every signed text (as the API's `LOG_ORIGIN` and scripts/verify-receipt.mjs). */
const LOG_ORIGIN = 'legenett.no/petition-log';

/** What the browser found: all holds, the proof fails, the signature fails, or it cannot check Ed25519. */
export type ReceiptCheck = 'valid' | 'proof_invalid' | 'signature_invalid' | 'signature_unsupported';

/** RFC 9162 2.1.3.2 (SHA-256): the entry hashes to its leaf and the proof leads to the checkpoint's root. */
async function proofHolds(r: SignatureReceipt): Promise<boolean> {
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

/**
 * The checkpoint's Ed25519 signature (WebCrypto) over the text rebuilt here from its size, root and
 * time (never the text the server sent), with the receipt's public key, whose id must be the
 * checkpoint's key id (first 8 bytes of its SHA-256). Null: this browser has no Ed25519.
 */
async function checkpointSigned(r: SignatureReceipt): Promise<boolean | null> {
  const c = r.checkpoint!;
  let raw: Uint8Array<ArrayBuffer>;
  let signature: Uint8Array<ArrayBuffer>;
  try {
    raw = base64ToBytes(r.public_key);
    signature = base64ToBytes(c.signature);
  } catch {
    return false;
  }
  if (raw.length !== 32 || signature.length !== 64) return false;
  if (toHex((await sha256(raw)).buffer).slice(0, 16) !== c.key_id) return false;
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
  } catch (err) {
    // No Ed25519 in this browser's WebCrypto: NotSupportedError. Any other failure: a bad key.
    return (err as { name?: unknown } | null)?.name === 'NotSupportedError' ? null : false;
  }
  const text = `${LOG_ORIGIN}\n${c.tree_size}\n${bytesToBase64(fromHex(c.root_hash))}\n${c.created_at}\n`;
  return crypto.subtle.verify({ name: 'Ed25519' }, key, signature, new TextEncoder().encode(text));
}

/**
 * The receipt checked in the browser: the inclusion proof against the checkpoint's root, then the
 * checkpoint's Ed25519 signature with the log's public key (docs/petitions.md, "Checking a receipt").
 */
export async function checkReceipt(r: SignatureReceipt): Promise<ReceiptCheck> {
  if (!(await proofHolds(r))) return 'proof_invalid';
  const signed = await checkpointSigned(r);
  return signed === null ? 'signature_unsupported' : signed ? 'valid' : 'signature_invalid';
}

/**
 * The file the signer keeps: the receipt as the API gave it (every field `scripts/verify-receipt.mjs`
 * reads stays at the top level) with the petition's title, the download date and how to check it.
 */
export function receiptFile(receipt: SignatureReceipt, title: string, howToCheck: string, now = new Date()) {
  return { petition_title: title, downloaded_at: now.toISOString(), how_to_check: howToCheck, ...receipt };
}

/** The signer's receipt: what it guarantees in one sentence, the file to keep, and the check behind "Show details". */
export function PetitionReceipt({ receipt, title }: { receipt: SignatureReceipt; title: string }) {
  const { t } = useTranslation('petitions');
  const locale = useLocale();
  const [check, setCheck] = useState<ReceiptCheck | null>(null);
  useEffect(() => {
    let live = true;
    setCheck(null);
    if (receipt.leaf_index !== null) void checkReceipt(receipt).then((result) => live && setCheck(result));
    return () => {
      live = false;
    };
  }, [receipt]);

  const download = () => {
    const origin = window.location.origin;
    const howToCheck = t('receipt_file_how', {
      file: `${t('receipt_file_name', { id: receipt.petition_id })}.json`,
      key: `${origin}/api/petition-log/key`,
      page: `${origin}${paths.petitionLog.href()}`,
    });
    const body = receiptFile(receipt, title, howToCheck);
    const name = `${t('receipt_file_name', { id: receipt.petition_id })}.json`;
    const url = URL.createObjectURL(new Blob([`${JSON.stringify(body, null, 2)}\n`], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    URL.revokeObjectURL(url);
    notify.success(t('receipt_downloaded', { file: name }));
  };

  const entry = receipt.leaf_index === null ? null : receipt.leaf_index + 1;
  const failed = check === 'proof_invalid' || check === 'signature_invalid';
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t('receipt')}
      </Text>
      <Text size="sm">{t('receipt_guarantee')}</Text>
      <Text size="sm" role="status" c={check === 'valid' ? 'green' : failed ? 'red' : undefined}>
        {entry === null || check === null
          ? t('receipt_pending')
          : check === 'valid'
            ? t('receipt_checked')
            : check === 'signature_unsupported'
              ? t('receipt_signature_unsupported')
              : check === 'signature_invalid'
                ? t('receipt_signature_invalid')
                : t('receipt_invalid')}
      </Text>
      <Group gap="sm">
        <Button size="xs" variant="light" onClick={download} disabled={receipt.leaf_index === null}>
          {t('receipt_download')}
        </Button>
        <Anchor component={Link} to={paths.petitionLog.href()} size="sm">
          {t('receipt_how_to_check')}
        </Anchor>
      </Group>
      <Box component="details">
        <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
          {t('receipt_details')}
        </Text>
        <Stack gap={4} mt={4}>
          {entry !== null && (
            <Text size="sm">{t('receipt_entry', { entry, date: formatDate(receipt.signed_at, locale) })}</Text>
          )}
          {check === 'valid' && receipt.checkpoint && (
            <Text size="sm">{t('receipt_verified', { entry, size: receipt.checkpoint.tree_size })}</Text>
          )}
          <Text size="sm">
            {t('receipt_hash')}: <Code style={{ wordBreak: 'break-all' }}>{receipt.entry.leaf_hash}</Code>
          </Text>
          <Text size="xs" c="dimmed">
            {t('receipt_download_note')}
          </Text>
        </Stack>
      </Box>
    </Stack>
  );
}
