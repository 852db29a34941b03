import { type User } from '@legenett/contracts';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { mayUseMessages } from '@/shared/auth/account-state';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';

/** Whom a first message goes to: a member (profile), a company (its page), or a job's or course's advertiser. */
export type MessageTarget = { user: number } | { company: number } | { topic: 'job' | 'course'; id: number };

/**
 * The address of the new-message page for a target (`/messages?company=3&name=…`), which the
 * messages feature reads: `name` is shown as the addressee, `title` as the topic.
 */
export function newMessageHref(target: MessageTarget, name: string, title?: string): string {
  const q = new URLSearchParams();
  if ('user' in target) q.set('to', String(target.user));
  else if ('company' in target) q.set('company', String(target.company));
  else {
    q.set('topic', target.topic);
    q.set('topic_id', String(target.id));
  }
  if (name) q.set('name', name);
  if (title) q.set('title', title);
  return `${paths.messages.href({ id: null })}?${q.toString()}`;
}

/**
 * Only approved members write (accounts awaiting approval or in review are refused by the API, and
 * visitors have no inbox); a business profile writes as the company.
 */
export function mayStartConversation(user: User | null): boolean {
  return user !== null && mayUseMessages(user);
}

interface SendMessageButtonProps {
  target: MessageTarget;
  /** The addressee's name as shown on the page (a person, a company, a course's organiser). */
  name: string;
  /** The job's or course's title, shown as the conversation's topic. */
  title?: string;
  /** The caller is the addressee (their own profile, a company they manage, their job or course). */
  own?: boolean;
}

/** "Send melding": opens `/messages` with a composer for this addressee; shown to approved members only, never to the addressee. */
export function SendMessageButton({ target, name, title, own = false }: SendMessageButtonProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (own || !mayStartConversation(user)) return null;
  return (
    <Button component={Link} to={newMessageHref(target, name, title)} variant="default">
      {t('header.send_message')}
    </Button>
  );
}
