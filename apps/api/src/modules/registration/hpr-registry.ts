import { z } from 'zod';

export type HprProfession = 'doctor' | 'student' | 'nurse' | 'dentist' | 'psychologist' | 'physiotherapist' | 'other';

/** One person in the health-personnel register (HPR). */
export interface HprEntry {
  hprNumber: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  profession: HprProfession;
  hasAuthorisation: boolean;
  hasLicence: boolean;
  /** Keyed hash of the national identity number when the register gives it. */
  nationalIdHash: string | null;
}

/**
 * The health-personnel register. The local adapter reads the seeded `hpr_register` table; the
 * web-service adapter asks a register API by HPR number. Both behind this port (HPR_API_URL).
 */
export abstract class HprRegistry {
  abstract byHprNumber(hprNumber: string): Promise<HprEntry | null>;
  /** By national identity (keyed hash); registries that cannot search that way answer null. */
  abstract byNationalIdHash(hash: string): Promise<HprEntry | null>;
}

/** Confirmed health personnel for Legenett: an authorised doctor or a medical student with a licence. */
export function isConfirmed(entry: HprEntry): boolean {
  return (entry.profession === 'doctor' && entry.hasAuthorisation) || (entry.profession === 'student' && entry.hasLicence);
}

const ApiPerson = z.object({
  hprNumber: z.union([z.string(), z.number()]).transform(String),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string().nullable().optional(),
  authorisations: z
    .array(z.object({ profession: z.string(), valid: z.boolean(), licence: z.boolean().optional() }))
    .default([]),
});

const PROFESSION_CODES: Record<string, HprProfession> = {
  LE: 'doctor',
  LS: 'student',
  SP: 'nurse',
  TA: 'dentist',
  PS: 'psychologist',
  FT: 'physiotherapist',
};

/**
 * Client of an HPR web service (e.g. a gateway in front of Helsedirektoratet's HPR service):
 * `GET {HPR_API_URL}/persons/{hprNumber}` answering `{ hprNumber, firstName, lastName, birthDate,
 * authorisations: [{ profession: 'LE'|'LS'|..., valid, licence }] }`, 404 when unknown. The service
 * does not search by hashed national identity, so that lookup answers null and registration through
 * the identity provider then relies on the HPR number the user gives.
 */
export class HprApiRegistry extends HprRegistry {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 10_000,
  ) {
    super();
  }

  async byHprNumber(hprNumber: string): Promise<HprEntry | null> {
    const res = await fetch(`${this.baseUrl.replace(/\/+$/, '')}/persons/${encodeURIComponent(hprNumber)}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`HPR register answered ${res.status}`);
    const person = ApiPerson.parse(await res.json());
    const valid = person.authorisations.filter((a) => a.valid);
    const main = valid.find((a) => a.profession === 'LE') ?? valid.find((a) => a.profession === 'LS') ?? valid[0];
    return {
      hprNumber: person.hprNumber,
      firstName: person.firstName,
      lastName: person.lastName,
      birthDate: person.birthDate ?? null,
      profession: (main && PROFESSION_CODES[main.profession]) ?? 'other',
      hasAuthorisation: main?.profession === 'LE',
      hasLicence: main?.licence ?? false,
      nationalIdHash: null,
    };
  }

  byNationalIdHash(): Promise<HprEntry | null> {
    return Promise.resolve(null);
  }
}
