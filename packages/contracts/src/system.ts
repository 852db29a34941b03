import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.record(z.string(), z.object({ status: z.enum(['up', 'down']), latency_ms: z.number().optional() })),
  maintenance: z.boolean(),
});
export type Health = z.infer<typeof HealthSchema>;

export const systemEndpoints = {
  health: defineEndpoint({ method: 'GET', path: '/health', summary: 'Liveness and dependencies', access: 'public', response: HealthSchema }),
} as const;
