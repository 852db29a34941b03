import { Injectable } from '@nestjs/common';
import { type Database } from '@legenett/db';
import { InjectDatabase } from '../../database/database.module';
import { type AccountTx } from './account-data.types';

/** Opens the one transaction the erase steps share; the steps' SQL lives in their modules' repositories. */
@Injectable()
export class AccountDataRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(work: (tx: AccountTx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
