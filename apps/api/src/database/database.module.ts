import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createDatabase, type Database, type DatabaseHandle } from '@legenett/db';
import { APP_CONFIG, type AppConfig } from '../config';
import { DATABASE, DATABASE_HANDLE } from './database.tokens';
import { UnitOfWork } from './unit-of-work';

export { DATABASE, DATABASE_HANDLE, InjectDatabase } from './database.tokens';

/** Closes the pool when the app shuts down (SIGTERM, app.close()). */
@Injectable()
export class DatabaseLifecycle implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');

  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}

  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
    this.logger.log('PostgreSQL pool closed');
  }
}

@Global()
@Module({
  providers: [
    {
      provide: DATABASE_HANDLE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): DatabaseHandle =>
        createDatabase(config.databaseUrl, {
          application_name: 'legenett-api',
          // A slow or overloaded database must not hold requests forever: both end in a 503.
          statement_timeout: config.database.statementTimeoutMs,
          connectionTimeoutMillis: config.database.connectTimeoutMs,
          // A lost connection (database restart, admin shutdown) is logged, never fatal; the
          // request it served answers 503 and the pool reconnects on next use.
          onConnectionError: (error) => new Logger('Database').warn(`PostgreSQL connection lost: ${error.message}`),
        }),
    },
    {
      provide: DATABASE,
      inject: [DATABASE_HANDLE],
      useFactory: (handle: DatabaseHandle): Database => handle.db,
    },
    DatabaseLifecycle,
    UnitOfWork,
  ],
  exports: [DATABASE, DATABASE_HANDLE, UnitOfWork],
})
export class DatabaseModule {}
