import { type CodedName, names } from './types';

const n = (code: string, no: string, en: string): CodedName => ({ code, name: names(no, en) });

export const JOB_CATEGORIES: readonly CodedName[] = [
  n('permanent', 'Fast stilling', 'Permanent position'),
  n('locum', 'Vikariat', 'Locum'),
  n('out-of-hours', 'Legevakt', 'Out-of-hours service'),
  n('lis1', 'LIS1 (tidligere turnus)', 'LIS1 internship'),
  n('specialty-training', 'LIS-stilling (LIS2/LIS3)', 'Specialty training (LIS2/LIS3)'),
  n('consultant', 'Overlege', 'Consultant'),
  n('general-practitioner', 'Fastlege', 'General practitioner (regular GP)'),
  n('research', 'Forskning', 'Research'),
  n('management', 'Ledelse', 'Management'),
  n('part-time', 'Deltid', 'Part-time'),
  n('industry', 'Legemiddelindustri', 'Pharmaceutical industry'),
  n('abroad', 'Utlandet', 'Abroad'),
];

export interface WorkplaceSituationSeed {
  code: 'student' | 'working' | 'unemployed';
  name: CodedName['name'];
}

export const WORKPLACE_SITUATIONS: readonly WorkplaceSituationSeed[] = [
  { code: 'student', name: names('Student', 'Student') },
  { code: 'working', name: names('Yrkesaktiv', 'Working professional') },
  { code: 'unemployed', name: names('Uten arbeid', 'Unemployed') },
];

export type CategoryType = 'company' | 'course' | 'product' | 'petition' | 'video' | 'audio';

export interface CategorySeed extends CodedName {
  type: CategoryType;
}

const cat = (type: CategoryType, list: readonly CodedName[]): CategorySeed[] =>
  list.map((item) => ({ ...item, type }));

export const CATEGORIES: readonly CategorySeed[] = [
  ...cat('company', [
    n('pharmaceuticals', 'Legemidler', 'Pharmaceuticals'),
    n('medical-devices', 'Medisinsk utstyr', 'Medical devices'),
    n('recruitment', 'Rekruttering og bemanning', 'Recruitment and staffing'),
    n('insurance', 'Forsikring', 'Insurance'),
    n('education', 'Utdanning og kurs', 'Education and training'),
    n('e-health', 'IT og e-helse', 'IT and e-health'),
    n('private-clinics', 'Private klinikker', 'Private clinics'),
    n('finance', 'Bank og økonomi', 'Banking and finance'),
    n('laboratory', 'Laboratorietjenester', 'Laboratory services'),
    n('organisations', 'Organisasjoner og foreninger', 'Organisations and associations'),
  ]),
  ...cat('course', [
    n('clinical-update', 'Klinisk oppdatering', 'Clinical update'),
    n('emergency', 'Akuttmedisin', 'Emergency medicine'),
    n('mandatory', 'Obligatoriske kurs', 'Mandatory courses'),
    n('research', 'Forskning og metode', 'Research and methods'),
    n('leadership', 'Ledelse', 'Leadership'),
    n('communication', 'Kommunikasjon', 'Communication'),
    n('digital-health', 'Digital helse', 'Digital health'),
    n('lunch-meeting', 'Lunsjmøte', 'Lunch meeting'),
  ]),
  ...cat('product', [
    n('diagnostics', 'Diagnostisk utstyr', 'Diagnostic equipment'),
    n('instruments', 'Instrumenter', 'Instruments'),
    n('books', 'Fagbøker', 'Textbooks'),
    n('furniture', 'Kontormøbler og inventar', 'Office furniture and fittings'),
    n('clothing', 'Arbeidstøy', 'Workwear'),
    n('it-equipment', 'IT-utstyr', 'IT equipment'),
    n('practice-sale', 'Praksis til salgs', 'Practice for sale'),
    n('other', 'Annet', 'Other'),
  ]),
  ...cat('petition', [
    n('working-conditions', 'Arbeidsvilkår', 'Working conditions'),
    n('patient-safety', 'Pasientsikkerhet', 'Patient safety'),
    n('gp-scheme', 'Fastlegeordningen', 'The regular GP scheme'),
    n('education', 'Utdanning', 'Education'),
    n('health-policy', 'Helsepolitikk', 'Health policy'),
    n('local-hospitals', 'Lokalsykehus', 'Local hospitals'),
  ]),
  ...cat('video', [
    n('lectures', 'Forelesninger', 'Lectures'),
    n('procedures', 'Prosedyrer', 'Procedures'),
    n('interviews', 'Intervjuer', 'Interviews'),
    n('webinar-recordings', 'Webinaropptak', 'Webinar recordings'),
    n('tv', 'Legenett-TV', 'Legenett TV'),
  ]),
  ...cat('audio', [
    n('podcast', 'Podkast', 'Podcast'),
    n('lectures', 'Forelesninger', 'Lectures'),
    n('interviews', 'Intervjuer', 'Interviews'),
    n('news', 'Faglige nyheter', 'Medical news'),
  ]),
];

/** Settings the SPA reads; seeded once and then owned by the administrators (never overwritten). */
export const FRONTEND_SETTINGS: ReadonlyArray<{ key: string; value: string | null }> = [
  // No preview image until an administrator uploads one: the earlier value named a file that never
  // existed, so the front page asked for it and got 404 on every visit.
  { key: 'prev_image_video_src', value: null },
  { key: 'prev_image_video_link', value: '/videos' },
];

export interface RoleSeed {
  code: 'doctor' | 'student' | 'admin' | 'company_manager';
  name: CodedName['name'];
}

/** Role rows; which permission keys each role grants is defined in code (contracts). */
export const ROLES: readonly RoleSeed[] = [
  { code: 'doctor', name: names('Lege', 'Doctor') },
  { code: 'student', name: names('Student med lisens', 'Student with licence') },
  { code: 'admin', name: names('Administrator', 'Administrator') },
  { code: 'company_manager', name: names('Bedriftsadministrator', 'Company manager') },
];
