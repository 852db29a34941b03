import { Injectable } from '@nestjs/common';
import { type Database, schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { InjectDatabase } from '../../database/database.module';

export const MAINTENANCE_SETTING = 'maintenance_mode';

@Injectable()
export class MaintenanceRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The operator's switch: a `frontend_settings` row `maintenance_mode` = 'on'. */
  async switchValue(): Promise<string | null> {
    const rows = await this.db
      .select({ value: schema.frontendSettings.value })
      .from(schema.frontendSettings)
      .where(eq(schema.frontendSettings.key, MAINTENANCE_SETTING))
      .limit(1);
    return rows[0]?.value ?? null;
  }
}
