import { schema as s } from '@legenett/db';
import { and, eq } from 'drizzle-orm';
import { type Executor } from './upsert';

type Ids = ReadonlyMap<string, number>;
type Clock = { at: (days: number, hour?: number, minute?: number) => Date };
type Party = { user: string } | { company: string };

interface DemoConversation {
  /** A group's name; one-to-one conversations have none. */
  title?: string;
  parties: Party[];
  /** The first party started it; a party in `requests` has it as a message request. */
  requests?: string[];
  messages: { from: Party; body: string; daysAgo: number; hour: number }[];
}

const LEGE = 'lege@demo.no';
const KARI = 'kari.nordby@demo.no';
const OLA = 'ola.bakken@demo.no';
const HANNE = 'hanne.solberg@demo.no';
const JONAS = 'jonas.strand@demo.no';

/**
 * Demo conversations (issue 26): two doctors talking, a member writing to a company (answered in
 * business mode), a message request waiting for the demo doctor, and a group. Idempotent: a
 * conversation that exists (by its pair, or a group by its name) is left as it is.
 */
export const DEMO_CONVERSATIONS: readonly DemoConversation[] = [
  {
    parties: [{ user: KARI }, { user: LEGE }],
    messages: [
      { from: { user: KARI }, body: 'Hei! Har du mulighet til å ta vakta mi på lørdag?', daysAgo: 2, hour: 18 },
      { from: { user: LEGE }, body: 'Det går fint. Bytter du med meg 14. neste måned?', daysAgo: 2, hour: 19 },
      { from: { user: KARI }, body: 'Avtale! Retningslinjene vi snakket om ligger her: https://www.helsedirektoratet.no/retningslinjer', daysAgo: 1, hour: 8 },
    ],
  },
  {
    parties: [{ user: OLA }, { company: 'legevikar-norge' }],
    messages: [
      { from: { user: OLA }, body: 'Hei, jeg er interessert i vikariater i Nord-Norge i sommer. Hva har dere?', daysAgo: 4, hour: 10 },
      { from: { company: 'legevikar-norge' }, body: 'Takk for henvendelsen! Vi har flere ledige uker i Finnmark i juli. Vi sender deg en oversikt.', daysAgo: 3, hour: 9 },
    ],
  },
  {
    parties: [{ user: JONAS }, { user: LEGE }],
    requests: [LEGE],
    messages: [{ from: { user: JONAS }, body: 'Hei, jeg så innlegget ditt om legemiddelgjennomgang. Kan jeg spørre deg om noe?', daysAgo: 0, hour: 8 }],
  },
  {
    title: 'Fagdag anestesi',
    parties: [{ user: LEGE }, { user: KARI }, { user: OLA }, { user: HANNE }],
    messages: [
      { from: { user: LEGE }, body: 'Velkommen! Her planlegger vi fagdagen i mars.', daysAgo: 6, hour: 12 },
      { from: { user: HANNE }, body: 'Jeg kan ta innlegget om luftveishåndtering.', daysAgo: 6, hour: 13 },
      { from: { user: OLA }, body: 'Flott. Jeg booker rommet.', daysAgo: 5, hour: 9 },
    ],
  },
];

export async function seedMessages(tx: Executor, users: Ids, companies: Ids, clock: Clock): Promise<number> {
  const partyId = (p: Party) =>
    'user' in p ? { user_id: users.get(p.user) ?? null, partner_company_id: null } : { user_id: null, partner_company_id: companies.get(p.company) ?? null };
  const key = (p: Party) => ('user' in p ? `u${users.get(p.user)}` : `c${companies.get(p.company)}`);
  let created = 0;
  for (const c of DEMO_CONVERSATIONS) {
    if (c.parties.some((p) => (partyId(p).user_id ?? partyId(p).partner_company_id) === null)) continue;
    const starter = c.parties[0]!;
    const creator = 'user' in starter ? (users.get(starter.user) ?? null) : null;
    const directKey = c.title ? null : c.parties.map(key).sort().join(':');
    const existing = directKey
      ? await tx.select({ id: s.conversations.id }).from(s.conversations).where(eq(s.conversations.direct_key, directKey)).limit(1)
      : await tx
          .select({ id: s.conversations.id })
          .from(s.conversations)
          .where(and(eq(s.conversations.kind, 'group'), eq(s.conversations.title, c.title ?? '')))
          .limit(1);
    if (existing.length > 0) continue;
    const last = c.messages[c.messages.length - 1]!;
    const lastAt = clock.at(-last.daysAgo, last.hour);
    const [row] = await tx
      .insert(s.conversations)
      .values({
        kind: c.title ? 'group' : 'direct',
        title: c.title ?? null,
        direct_key: directKey,
        created_by_user_id: creator,
        last_seq: c.messages.length,
        last_message_at: lastAt,
        created_at: clock.at(-c.messages[0]!.daysAgo, c.messages[0]!.hour),
      })
      .returning({ id: s.conversations.id });
    const id = row!.id;
    await tx.insert(s.conversationParticipants).values(
      c.parties.map((p) => {
        const request = 'user' in p && (c.requests ?? []).includes(p.user);
        // Everyone has read up to their own last message; the demo doctor has the newest unread.
        const own = c.messages.map((m, i) => (key(m.from) === key(p) ? i + 1 : 0)).reduce((a, b) => Math.max(a, b), 0);
        return { conversation_id: id, ...partyId(p), state: request ? ('request' as const) : ('active' as const), last_read_seq: own, last_activity_at: lastAt };
      }),
    );
    await tx.insert(s.messages).values(
      c.messages.map((m, i) => {
        const from = partyId(m.from);
        return {
          conversation_id: id,
          seq: i + 1,
          sender_user_id: from.user_id,
          sender_company_id: from.partner_company_id,
          body: m.body,
          created_at: clock.at(-m.daysAgo, m.hour),
        };
      }),
    );
    created += 1;
  }
  return created;
}

