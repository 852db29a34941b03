/** Every query key of the notifications feature (the only place they are written). */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The bell's newest ones. */
  list: ['notifications', 'list'] as const,
  /** The `/notifications` page (pages loaded one after another). */
  page: ['notifications', 'page'] as const,
  /** Who is in one grouped entry. */
  members: (id: number) => ['notifications', 'members', id] as const,
};

/** The devices that get my pushes. */
export const pushKeys = { devices: ['push-devices'] as const };

/** My notification preferences. */
export const preferenceKeys = { all: ['notification-preferences'] as const };
