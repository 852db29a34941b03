import { Inject } from '@nestjs/common';

/** Injection token of the Drizzle `Database`. */
export const DATABASE = Symbol('DATABASE');
/** The read-replica router, or null without DATABASE_REPLICA_URLS (database/replicas.ts). */
export const REPLICA_ROUTER = Symbol('REPLICA_ROUTER');
/** What the replica router counts in (`ReplicaMetrics`; ObservabilityModule gives its MetricsService). */
export const REPLICA_METRICS = Symbol('REPLICA_METRICS');
/** The pool behind it (shutdown, raw pings). */
export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');

/** `@InjectDatabase() private readonly db: Database` — repositories only. */
export const InjectDatabase = (): ParameterDecorator => Inject(DATABASE);
