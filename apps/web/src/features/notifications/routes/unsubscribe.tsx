import { UnsubscribePage } from '../components/unsubscribe-page';

export { UnsubscribePage as Component };
