/** global-setup writes this run's database info to a file and names the file in this variable. */
export declare const TEST_DB_ENV = "LEGENETT_TEST_DB_FILE";
export interface TestDatabaseInfo {
    url: string;
    serverUrl: string;
    name: string;
    embedded: boolean;
    /** Random keys of this run (no key of the repository is ever used); every test app gets them. */
    jwtSecret: string;
    twoFactorEncryptionKey: string;
    nationalIdHashKey: string;
}
export declare function readTestDatabase(): TestDatabaseInfo;
