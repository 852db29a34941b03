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

/** `GET /health/live`: the process answers (an orchestrator restarts it when it does not). */
export const LivenessSchema = z.object({ status: z.literal('ok'), role: z.enum(['api', 'worker', 'all']) });
export type Liveness = z.infer<typeof LivenessSchema>;

/**
 * `GET /health/ready`: whether this replica should get traffic. 200 `ready: true`; 503 `ready: false`
 * while it stops (`draining`) or PostgreSQL does not answer (`database`). Redis being away is not a
 * reason: the API keeps serving without it.
 */
export const ReadinessSchema = z.object({
  ready: z.boolean(),
  role: z.enum(['api', 'worker', 'all']),
  reason: z.enum(['draining', 'database']).optional(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

export const systemEndpoints = {
  health: defineEndpoint({ method: 'GET', path: '/health', summary: 'Liveness and dependencies', access: 'public', response: HealthSchema }),
  live: defineEndpoint({ method: 'GET', path: '/health/live', summary: 'Whether the process should be restarted (200 while it answers)', access: 'public', response: LivenessSchema }),
  ready: defineEndpoint({ method: 'GET', path: '/health/ready', summary: 'Whether this replica should get traffic (503 while draining or without PostgreSQL)', access: 'public', response: ReadinessSchema }),
} as const;
