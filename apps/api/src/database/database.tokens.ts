import { Inject } from '@nestjs/common';

/** Injection token of the Drizzle `Database`. */
export const DATABASE = Symbol('DATABASE');
/** The read-replica router, or null without DATABASE_REPLICA_URLS (database/replicas.ts). */
export const REPLICA_ROUTER = Symbol('REPLICA_ROUTER');
/** The pool behind it (shutdown, raw pings). */
export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');

/** `@InjectDatabase() private readonly db: Database` — repositories only. */
export const InjectDatabase = (): ParameterDecorator => Inject(DATABASE);
