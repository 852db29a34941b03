import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { createDatabase, createPool, type CreateDatabaseOptions, type Database, type DatabaseHandle, withReader } from '@legenett/db';
import { APP_CONFIG, type AppConfig } from '../config';
import { DATABASE, DATABASE_HANDLE, REPLICA_METRICS, REPLICA_ROUTER } from './database.tokens';
import { type ReplicaMetrics, type ReplicaRouter, replicaRouterOf } from './replicas';
import { UnitOfWork } from './unit-of-work';

export { DATABASE, DATABASE_HANDLE, InjectDatabase, REPLICA_ROUTER } from './database.tokens';

/** Closes the pools when the app shuts down (SIGTERM, app.close()). */
@Injectable()
export class DatabaseLifecycle implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');

  constructor(
    @Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle,
    @Optional() @Inject(REPLICA_ROUTER) private readonly replicas: ReplicaRouter | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.replicas?.close();
    await this.handle.close();
    this.logger.log('PostgreSQL pool closed');
  }
}

/** The pool settings of the primary and of each replica. */
const poolOptions = (config: AppConfig, role: 'primary' | 'replica'): CreateDatabaseOptions => ({
  application_name: `legenett-${config.role.name}${role === 'replica' ? '-read' : ''}`,
  max: config.database.poolSize,
  preparedStatements: config.database.preparedStatements,
  // A slow or overloaded database must not hold requests forever: both end in a 503.
  statement_timeout: config.database.statementTimeoutMs,
  connectionTimeoutMillis: config.database.connectTimeoutMs,
  // A lost connection (database restart, admin shutdown) is logged, never fatal; the
  // request it served answers 503 and the pool reconnects on next use.
  onConnectionError: (error) => new Logger('Database').warn(`PostgreSQL ${role} connection lost: ${error.message}`),
});

@Global()
@Module({
  providers: [
    {
      provide: DATABASE_HANDLE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): DatabaseHandle => createDatabase(config.databaseUrl, poolOptions(config, 'primary')),
    },
    {
      provide: REPLICA_ROUTER,
      inject: [APP_CONFIG, DATABASE_HANDLE, REPLICA_METRICS],
      useFactory: (config: AppConfig, handle: DatabaseHandle, metrics: ReplicaMetrics): ReplicaRouter | null =>
        replicaRouterOf(config, handle.pool, (url) => createPool(url, poolOptions(config, 'replica')), metrics),
    },
    {
      provide: DATABASE,
      inject: [DATABASE_HANDLE, REPLICA_ROUTER],
      // With replicas, Drizzle's replica support sends reads to the router (database/replicas.ts).
      useFactory: (handle: DatabaseHandle, replicas: ReplicaRouter | null): Database => (replicas ? withReader(handle, replicas) : handle.db),
    },
    DatabaseLifecycle,
    UnitOfWork,
  ],
  exports: [DATABASE, DATABASE_HANDLE, REPLICA_ROUTER, UnitOfWork],
})
export class DatabaseModule {}
