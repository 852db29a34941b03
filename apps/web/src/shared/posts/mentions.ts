import { type Mention, MENTION_TOKEN } from '@legenett/contracts';

/** `@Kari Nordby`: how a picked person reads in the text box (the stored text keeps `@[id]`). */
export const mentionLabel = (p: Pick<Mention, 'first_name' | 'last_name'>): string => `@${p.first_name} ${p.last_name}`;

/** The picked people of a text being written: the label shown, and the id it stands for. */
export type PickedMentions = ReadonlyMap<string, number>;

/** The text as sent: each picked label still in it becomes `@[id]` (longest labels first). */
export function toStoredText(display: string, picked: PickedMentions): string {
  let text = display;
  for (const [label, id] of [...picked.entries()].sort((a, b) => b[0].length - a[0].length)) {
    text = text.split(label).join(`@[${id}]`);
  }
  return text;
}

/** A stored text for editing: `@[id]` of people it mentions as their labels, and those labels picked. */
export function toDisplayText(stored: string, mentions: readonly Mention[] = []): { text: string; picked: Map<string, number> } {
  const byId = new Map(mentions.map((m) => [m.id, m]));
  const picked = new Map<string, number>();
  const text = stored.replace(new RegExp(MENTION_TOKEN.source, 'g'), (whole, id: string) => {
    const m = byId.get(Number(id));
    if (!m) return whole;
    picked.set(mentionLabel(m), m.id);
    return mentionLabel(m);
  });
  return { text, picked };
}

/** The parts of a stored text: plain runs and mentions (`id`, with the person when known). */
export function splitMentions(text: string, mentions: readonly Mention[] = []): ({ text: string } | { id: number; person: Mention | undefined })[] {
  const byId = new Map(mentions.map((m) => [m.id, m]));
  const parts: ({ text: string } | { id: number; person: Mention | undefined })[] = [];
  let at = 0;
  for (const m of text.matchAll(new RegExp(MENTION_TOKEN.source, 'g'))) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    const id = Number(m[1]);
    parts.push({ id, person: byId.get(id) });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
