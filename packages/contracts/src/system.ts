import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * `ok`: every dependency answers. `degraded`: Redis does not, but the API keeps serving (in-process
 * limits, the job outbox holds jobs until Redis returns): still 200, so a load balancer keeps the
 * replica. `error`: PostgreSQL does not answer: 503.
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  checks: z.record(z.string(), z.object({ status: z.enum(['up', 'down']), latency_ms: z.number().optional() })),
  maintenance: z.boolean(),
});
export type Health = z.infer<typeof HealthSchema>;

export const systemEndpoints = {
  health: defineEndpoint({ method: 'GET', path: '/health', summary: 'Liveness and dependencies', access: 'public', response: HealthSchema }),
} as const;
