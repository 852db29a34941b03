import { type User } from '@legenett/contracts';
import { authStore } from '@/shared/auth/auth-store';

/** A user object as the API answers it: an approved doctor with confirmed HPR, unless overridden. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    slug: 'kari-nordmann',
    first_name: 'Kari',
    last_name: 'Nordmann',
    email: 'kari@test.no',
    phone: null,
    status_label: 'Approved',
    user_info: {
      approved_hrp: 2,
      hpr_number: '1234567',
      hpr_verified: true,
      county_id: null,
      city_id: null,
      workplace_situation_id: null,
      workplace_name: null,
      position: null,
      about: null,
      specialities: [],
      notification_settings: { sms_webinar_reminders: false, email_webinar_reminders: true, important_updates: true },
    },
    active_business_profile: null,
    available_business_profiles: [],
    permissions: ['course-read', 'jobs-read', 'market-read', 'video-viewer-read', 'audio-viewer-read'],
    roles: ['doctor'],
    profile_avatar: null,
    profile_background: null,
    last_login_date: null,
    locale: 'no',
    theme: 'light',
    email_verified: true,
    two_factor_enabled: false,
    ...overrides,
  };
}

/** Logs a test user in (token cookie + stored user), as a real login would. */
export function logIn(user: User = testUser(), token = 'test-token'): User {
  authStore.setSession(token, 900, user);
  return user;
}
