import { Injectable } from '@nestjs/common';
import { type HprEntry, HprRegistry } from './hpr-registry';
import { type HprRegisterRow, RegistrationRepository } from './registration.repository';

const toEntry = (row: HprRegisterRow): HprEntry => ({
  hprNumber: row.hpr_number,
  firstName: row.first_name,
  lastName: row.last_name,
  birthDate: row.birth_date,
  profession: row.profession,
  hasAuthorisation: row.has_authorisation,
  hasLicence: row.has_licence,
  nationalIdHash: row.national_id_hash,
});

/** The seeded `hpr_register` table as the register (local and test stand-in). */
@Injectable()
export class DbHprRegistry extends HprRegistry {
  constructor(private readonly repo: RegistrationRepository) {
    super();
  }

  async byHprNumber(hprNumber: string): Promise<HprEntry | null> {
    const row = await this.repo.hprByNumber(hprNumber);
    return row ? toEntry(row) : null;
  }

  async byNationalIdHash(hash: string): Promise<HprEntry | null> {
    const row = await this.repo.hprByNationalIdHash(hash);
    return row ? toEntry(row) : null;
  }
}
