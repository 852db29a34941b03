import { type NotificationChannel, notificationPreferenceEndpoints as ep, type NotificationPreferences, type NotificationPreferencesInput, type UnsubscribeQuery } from '@legenett/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { preferenceKeys } from './keys';

/** My settings table, quiet hours and digest. */
export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferenceKeys.all,
    queryFn: ({ signal }) => apiCall(ep.show, { signal }).then((r) => r.data),
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

/**
 * Saves a change at once; the cache shows it before the answer (and goes back if the API says no),
 * so a switch never jumps back and forth.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesInput) => apiCall(ep.update, { body, overlay: false }).then((r) => r.data),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: preferenceKeys.all });
      const previous = queryClient.getQueryData<NotificationPreferences>(preferenceKeys.all);
      if (previous) queryClient.setQueryData(preferenceKeys.all, applyChange(previous, body));
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(preferenceKeys.all, context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(preferenceKeys.all, data),
  });
}

function applyChange(prefs: NotificationPreferences, body: NotificationPreferencesInput): NotificationPreferences {
  return {
    categories: prefs.categories.map((row) => {
      const change = body.channels?.[row.category];
      if (!change) return row;
      const cell = (channel: NotificationChannel) => {
        const current = row[channel];
        const next = change[channel];
        return current && next !== undefined ? { ...current, enabled: next } : current;
      };
      return { ...row, in_app: cell('in_app'), email: cell('email'), sms: cell('sms'), push: cell('push') };
    }),
    quiet_hours: body.quiet_hours ?? prefs.quiet_hours,
    digest: body.digest ?? prefs.digest,
    push_preview: body.push_preview ?? prefs.push_preview,
  };
}

/** The one-click unsubscribe, from the page the e-mail's link leads to (no login). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (query: UnsubscribeQuery) => apiCall(ep.unsubscribe, { query, body: { 'List-Unsubscribe': 'One-Click' }, overlay: false }).then((r) => r.data),
  });
}
