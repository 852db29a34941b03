/** Limits (docs/messages.md): new conversations per day and messages per minute, per user. */
export const NEW_CONVERSATIONS_LIMIT = { name: 'conversation-start', limit: 30, windowSeconds: 24 * 3600 } as const;
export const MESSAGES_LIMIT = { name: 'message-send', limit: 30, windowSeconds: 60, by: 'account' } as const;
/** Reports per reporter per hour (docs/messages.md, "Rate limits and moderation"). */
export const REPORTS_LIMIT = { name: 'message-report', limit: 10, windowSeconds: 3600 } as const;
/** How long "suspend the sender's messaging" lasts. */
export const MESSAGING_SUSPENSION_DAYS = 7;
