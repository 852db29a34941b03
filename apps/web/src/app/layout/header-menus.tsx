// The header's floating parts (account menu, notification list, search) with their positioning
// library, in a chunk of their own: fetched right after start-up, not before the first paint.
export { UserMenu } from '@/features/auth/components/user-menu';
export { NotificationBell } from '@/features/notifications/components/notification-bell';
export { MessagesIcon } from '@/features/messages/components/messages-icon';
export { GlobalSearch } from '@/features/search/components/global-search';
