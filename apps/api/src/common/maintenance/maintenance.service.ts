import { Injectable, Logger } from '@nestjs/common';
import { type AppConfig, InjectConfig } from '../../config';
import { MaintenanceRepository } from './maintenance.repository';

const ON_VALUES = new Set(['on', 'true', '1', 'yes']);

/**
 * Maintenance mode: on when configured (MAINTENANCE_MODE) or when an operator sets the
 * `frontend_settings` row `maintenance_mode` to 'on'. The row is read at most every
 * MAINTENANCE_CACHE_MS per process, so flipping it takes effect within seconds without a restart.
 */
@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger('Maintenance');
  private cached: { on: boolean; at: number } | null = null;
  private pending: Promise<boolean> | null = null;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly repository: MaintenanceRepository,
  ) {}

  /** Seconds a client is asked to wait (`Retry-After`) before trying again during maintenance. */
  get retryAfterSeconds(): number {
    return this.config.maintenanceRetryAfterSeconds;
  }

  async isOn(): Promise<boolean> {
    if (this.config.maintenanceMode) return true;
    const now = Date.now();
    if (this.cached && now - this.cached.at < this.config.maintenanceCacheMs) return this.cached.on;
    // Concurrent requests share one query.
    this.pending ??= this.readSwitch().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async readSwitch(): Promise<boolean> {
    let on = false;
    try {
      const value = await this.repository.switchValue();
      on = value !== null && ON_VALUES.has(value.trim().toLowerCase());
    } catch (err) {
      // The switch must not take the API down with the database: fail open, health reports the DB.
      this.logger.warn(`Could not read the maintenance switch: ${(err as Error).message}`);
      on = this.cached?.on ?? false;
    }
    this.cached = { on, at: Date.now() };
    return on;
  }
}
