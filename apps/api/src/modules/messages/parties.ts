import { type schema } from '@legenett/db';
import { type MessageKey } from '@legenett/contracts';
import { type Party as RowParty } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';

/** Who speaks in a conversation: a member, or a company (its managers in business mode). */
export type Party = { kind: 'user'; id: number } | { kind: 'company'; id: number };
export type ParticipantState = (typeof schema.PARTICIPANT_STATES)[number];
export type WhoCanMessage = (typeof schema.WHO_CAN_MESSAGE)[number];

export const partyKey = (p: Party): string => `${p.kind === 'user' ? 'u' : 'c'}${p.id}`;
/** One direct conversation per pair of parties, whichever of them starts it. */
export const directKey = (a: Party, b: Party): string => [partyKey(a), partyKey(b)].sort().join(':');

/** The states in which a participant reads the conversation: active, or holding it as an open request. */
export const READABLE: readonly ParticipantState[] = ['active', 'request'];

/** The caller's side of a conversation: the company in business mode, else themselves. */
export const partyOf = (me: Principal): Party =>
  me.activeCompanyId !== null ? { kind: 'company', id: me.activeCompanyId } : { kind: 'user', id: me.userId };

/** A party as the columns of a row (common/access's Party): what isCaller takes, and whom an event reaches. */
export const columnsOf = (p: Party): RowParty => ({ user_id: p.kind === 'user' ? p.id : null, company_id: p.kind === 'company' ? p.id : null });

/** Who wrote a message, as a party (common/access's Party): `isCaller(me, senderOf(r))` is the caller's own message. */
export const senderOf = (r: { sender_user_id: number | null; sender_company_id: number | null }): RowParty => ({
  user_id: r.sender_user_id,
  company_id: r.sender_company_id,
});

/** A participant row as a party (common/access's Party): `isCaller(me, participantOf(p))` is the caller's side. */
export const participantOf = (p: { user_id: number | null; partner_company_id: number | null }): RowParty => ({
  user_id: p.user_id,
  company_id: p.partner_company_id,
});

/** The first `length` characters of a message, for the bell, the inbox and a reply's quote. */
export const excerpt = (text: string, length = 140) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

export const fieldError = (field: string, key: MessageKey, vars?: Record<string, string | number>) =>
  new AppError('VALIDATION', { fields: { [field]: [key] }, vars });

/** A block, or "messages from nobody": the sender learns nothing more than this. */
export const cannotDeliver = () => new AppError('FORBIDDEN', { message: 'messages.errors.cannot_deliver' });

export const notAGroup = () => new AppError('CONFLICT', { message: 'messages.errors.not_a_group' });
