import { Injectable, Logger } from '@nestjs/common';

interface SeedTestPerson {
  hpr_number: string;
  national_id: string;
}

type SeedModule = { TEST_PERSONS?: readonly SeedTestPerson[] };

/**
 * The synthetic national identity numbers of the seeded test persons (`@legenett/seed`'s
 * TEST_PERSONS), by HPR number. The register keeps only their keyed hashes, but the simulator shows
 * the numbers like an electronic ID would. Loaded by name: the seed is not a dependency of the API
 * (an image without it still simulates, from the register's hashes).
 */
@Injectable()
export class SimulatorPersons {
  private readonly logger = new Logger('IdentitySimulator');
  private loaded: Promise<Map<string, string>> | null = null;

  nationalIds(): Promise<Map<string, string>> {
    this.loaded ??= this.load();
    return this.loaded;
  }

  private async load(): Promise<Map<string, string>> {
    const seedPackage = '@legenett/seed';
    try {
      const seed = (await import(seedPackage)) as SeedModule;
      return new Map((seed.TEST_PERSONS ?? []).map((p) => [p.hpr_number, p.national_id]));
    } catch {
      this.logger.warn('@legenett/seed is not available: the simulator shows no national identity numbers');
      return new Map();
    }
  }
}
