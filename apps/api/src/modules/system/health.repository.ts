import { Injectable } from '@nestjs/common';
import { type Database } from '@legenett/db';
import { sql } from 'drizzle-orm';
import { InjectDatabase } from '../../database/database.module';

@Injectable()
export class HealthRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }
}
