import { type Database, schema } from '@legenett/db';
/**
 * A small reference tree of this test's own (codes and names carry `token`), so tests do not
 * depend on seed data or on each other: county -> city -> clinic, hospital -> clinic -> department,
 * and one row in every flat list. Norwegian and English names differ so localisation shows.
 */
export declare function insertReferenceFixtures(db: Database, token: string): Promise<{
    county: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
    };
    otherCounty: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
    };
    cities: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
        county_id: number;
    }[];
    city: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
        county_id: number;
    };
    hospital: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
        city_id: number | null;
        health_trust: string | null;
    };
    hospitalClinic: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
        hospital_id: number;
    };
    department: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
        hospital_clinic_id: number;
    };
    clinic: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
        city_id: number | null;
    };
    country: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
    };
    specialty: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
    };
    universitySpecialty: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
    };
    university: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
        country_code: string;
    };
    academicLevels: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
        sort_order: number;
    }[];
    jobCategory: {
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
    };
    companyCategory: {
        type: "company" | "course" | "audio" | "petition" | "video" | "product";
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
    };
    courseCategory: {
        type: "company" | "course" | "audio" | "petition" | "video" | "product";
        code: string;
        id: number;
        created_at: Date;
        updated_at: Date;
        name: schema.LocalisedText;
    };
}>;
