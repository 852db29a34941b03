import { type User } from '@legenett/contracts';
import { authStore } from '@/shared/auth/auth-store';

/** Endpoints that answer the user object refresh the session's copy (local storage, header). */
export function storeUser(user: User): void {
  const { token } = authStore.get();
  if (!token) return;
  authStore.setUser(user);
}
