import { MessagesPage } from '../components/messages-page';

export function Component() {
  return <MessagesPage />;
}
