/**
 * Demo people: the five documented demo accounts, further demo users, and the seeded health-personnel
 * register (HPR) with test persons the identity-provider simulator can offer. National identity numbers
 * are synthetic (month + 80, the convention of the Norwegian test population), so none belongs to a
 * real person, and they carry valid check digits.
 */

export type HprProfession =
  | 'doctor'
  | 'student'
  | 'nurse'
  | 'dentist'
  | 'psychologist'
  | 'physiotherapist'
  | 'other';
export type RoleCode = 'doctor' | 'student' | 'admin' | 'company_manager';

export interface RegisterPerson {
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD. */
  birth_date: string;
  hpr_number: string;
  profession: HprProfession;
  /** Authorised (autorisasjon) as the profession. */
  has_authorisation: boolean;
  /** Licence (lisens), e.g. a medical student's student licence. */
  has_licence: boolean;
  specialty_codes: readonly string[];
}

/** A synthetic Norwegian national identity number (fødselsnummer) for a birth date. */
export function syntheticNationalId(birthDate: string, seed: number): string {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const dd = String(d).padStart(2, '0');
  const mm = String(m + 80).padStart(2, '0');
  const yy = String(y % 100).padStart(2, '0');
  const w1 = [3, 7, 6, 1, 8, 9, 4, 5, 2];
  const w2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const base = y >= 2000 ? 500 : 0;
  for (let i = 0; i < 500; i += 1) {
    const individual = String(base + ((seed * 37 + i) % 500)).padStart(3, '0');
    const digits = `${dd}${mm}${yy}${individual}`.split('').map(Number);
    const r1 = 11 - (digits.reduce((s, v, k) => s + v * (w1[k] ?? 0), 0) % 11);
    const k1 = r1 === 11 ? 0 : r1;
    if (k1 === 10) continue;
    const r2 = 11 - ([...digits, k1].reduce((s, v, k) => s + v * (w2[k] ?? 0), 0) % 11);
    const k2 = r2 === 11 ? 0 : r2;
    if (k2 === 10) continue;
    return `${dd}${mm}${yy}${individual}${k1}${k2}`;
  }
  throw new Error(`No valid national identity number for ${birthDate}`);
}

export interface DemoUserSeed {
  email: string;
  first_name: string;
  last_name: string;
  slug: string;
  phone: string;
  birth_date: string;
  status: 'awaiting_approval' | 'in_review' | 'approved';
  approved_hrp: 0 | 1 | 2;
  /** HPR number as entered by the user (it may be absent from the register). */
  hpr_number: string | null;
  /** In the seeded register (the approved health personnel). */
  register?: Omit<RegisterPerson, 'first_name' | 'last_name' | 'birth_date' | 'hpr_number'>;
  roles: readonly RoleCode[];
  workplace_situation: 'student' | 'working' | 'unemployed';
  cityCode: string;
  hospitalCode?: string;
  clinicCode?: string;
  workplace_name?: string;
  position: string;
  about: string;
  specialties: readonly string[];
  /** Documented demo account (printed at start and in the README). */
  demo?: string;
}

export const DEMO_PASSWORD = 'Demo!2026';

const doctor = (specialty_codes: readonly string[]) =>
  ({ profession: 'doctor', has_authorisation: true, has_licence: false, specialty_codes }) as const;
const medStudent = {
  profession: 'student',
  has_authorisation: false,
  has_licence: true,
  specialty_codes: [],
} as const;

export const DEMO_USERS: readonly DemoUserSeed[] = [
  {
    email: 'admin@demo.no',
    first_name: 'Ingrid',
    last_name: 'Berg',
    slug: 'ingrid-berg',
    phone: '+4791234501',
    birth_date: '1974-03-12',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9102334',
    register: doctor(['samfunnsmedisin']),
    roles: ['admin', 'doctor'],
    workplace_situation: 'working',
    cityCode: '0301',
    workplace_name: 'Legenett',
    position: 'Medisinsk redaktør og administrator',
    about: 'Spesialist i samfunnsmedisin. Godkjenner kontoer og kurs på Legenett.',
    specialties: ['samfunnsmedisin'],
    demo: 'administrator (approves accounts, moderates courses)',
  },
  {
    email: 'lege@demo.no',
    first_name: 'Anders',
    last_name: 'Lie',
    slug: 'anders-lie',
    phone: '+4791234502',
    birth_date: '1982-09-04',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9144890',
    register: doctor(['allmennmedisin']),
    roles: ['doctor', 'company_manager'],
    workplace_situation: 'working',
    cityCode: '0301',
    clinicCode: 'oslo-majorstuen-legesenter',
    position: 'Fastlege',
    about:
      'Fastlege på Majorstuen med interesse for kronisk sykdom, digital oppfølging og legemiddelgjennomgang.',
    specialties: ['allmennmedisin'],
    demo: 'approved doctor (approved_hrp 2); manages the partner company "Demo Medisin AS" and can act as it',
  },
  {
    email: 'student@demo.no',
    first_name: 'Sofie',
    last_name: 'Haugen',
    slug: 'sofie-haugen',
    phone: '+4791234503',
    birth_date: '2001-05-23',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9280113',
    register: medStudent,
    roles: ['student'],
    workplace_situation: 'student',
    cityCode: '0301',
    workplace_name: 'Universitetet i Oslo',
    position: 'Medisinstudent, 5. år',
    about: 'Medisinstudent ved UiO med studentlisens. Jobber som vikar i sykehjem i helgene.',
    specialties: [],
    demo: 'medical student with licence, approved (approved_hrp 2)',
  },
  {
    email: 'review@demo.no',
    first_name: 'Eirik',
    last_name: 'Dahl',
    slug: 'eirik-dahl',
    phone: '+4791234504',
    birth_date: '1990-11-30',
    status: 'in_review',
    approved_hrp: 1,
    hpr_number: '9312457',
    roles: ['doctor'],
    workplace_situation: 'working',
    cityCode: '4601',
    workplace_name: 'Privat praksis',
    position: 'Lege',
    about: 'Lege utdannet i Polen, under vurdering.',
    specialties: ['indremedisin'],
    demo: 'account with status "In review" (approved_hrp 1)',
  },
  {
    email: 'pending@demo.no',
    first_name: 'Maria',
    last_name: 'Nilsen',
    slug: 'maria-nilsen',
    phone: '+4791234505',
    birth_date: '1993-02-17',
    status: 'awaiting_approval',
    approved_hrp: 0,
    hpr_number: null,
    roles: ['doctor'],
    workplace_situation: 'unemployed',
    cityCode: '5001',
    position: 'Lege',
    about: '',
    specialties: [],
    demo: 'account awaiting approval (approved_hrp 0)',
  },
  // Further approved users who make the feed, jobs, courses and petitions look lived in.
  {
    email: 'kari.nordby@demo.no',
    first_name: 'Kari',
    last_name: 'Nordby',
    slug: 'kari-nordby',
    phone: '+4791234511',
    birth_date: '1971-07-08',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9011276',
    register: doctor(['hjertesykdommer', 'indremedisin']),
    roles: ['doctor', 'company_manager'],
    workplace_situation: 'working',
    cityCode: '4601',
    hospitalCode: 'hb-haukeland',
    position: 'Overlege, Hjerteavdelingen',
    about: 'Kardiolog med hjertesvikt og ekkokardiografi som hovedområder.',
    specialties: ['hjertesykdommer', 'indremedisin'],
  },
  {
    email: 'ola.bakken@demo.no',
    first_name: 'Ola',
    last_name: 'Bakken',
    slug: 'ola-bakken',
    phone: '+4791234512',
    birth_date: '1979-01-19',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9056612',
    register: doctor(['ortopedisk-kirurgi']),
    roles: ['doctor', 'company_manager'],
    workplace_situation: 'working',
    cityCode: '5001',
    hospitalCode: 'stolav-trondheim',
    position: 'Overlege, Ortopedisk avdeling',
    about: 'Ortoped med interesse for skulderkirurgi og digitale arbeidsflyter.',
    specialties: ['ortopedisk-kirurgi'],
  },
  {
    email: 'hanne.solberg@demo.no',
    first_name: 'Hanne',
    last_name: 'Solberg',
    slug: 'hanne-solberg',
    phone: '+4791234513',
    birth_date: '1976-10-02',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9033485',
    register: doctor(['psykiatri']),
    roles: ['doctor', 'company_manager'],
    workplace_situation: 'working',
    cityCode: '5501',
    hospitalCode: 'unn-tromso',
    position: 'Overlege, Psykisk helse- og rusklinikken',
    about: 'Psykiater i Tromsø. Opptatt av psykisk helse for unge i nord.',
    specialties: ['psykiatri'],
  },
  {
    email: 'jonas.strand@demo.no',
    first_name: 'Jonas',
    last_name: 'Strand',
    slug: 'jonas-strand',
    phone: '+4791234514',
    birth_date: '1988-04-14',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9201547',
    register: doctor([]),
    roles: ['doctor'],
    workplace_situation: 'working',
    cityCode: '1103',
    hospitalCode: 'hs-sus',
    position: 'LIS i anestesiologi',
    about: 'LIS3 i anestesi ved SUS. Underviser i sepsis og akuttmedisin.',
    specialties: ['anestesiologi'],
  },
  {
    email: 'silje.moen@demo.no',
    first_name: 'Silje',
    last_name: 'Moen',
    slug: 'silje-moen',
    phone: '+4791234515',
    birth_date: '1984-12-21',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9178820',
    register: doctor(['allmennmedisin']),
    roles: ['doctor', 'company_manager'],
    workplace_situation: 'working',
    cityCode: '4204',
    clinicCode: 'kristiansand-lund-legesenter',
    position: 'Fastlege',
    about: 'Fastlege i Kristiansand og medeier i et bemanningsbyrå for leger.',
    specialties: ['allmennmedisin'],
  },
  {
    email: 'thomas.aasen@demo.no',
    first_name: 'Thomas',
    last_name: 'Aasen',
    slug: 'thomas-aasen',
    phone: '+4791234516',
    birth_date: '1980-06-27',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9098143',
    register: doctor(['radiologi']),
    roles: ['doctor'],
    workplace_situation: 'working',
    cityCode: '3222',
    hospitalCode: 'ahus-nordbyhagen',
    position: 'Overlege, Radiologisk avdeling',
    about: 'Radiolog. Holder kurs i ultralyd for allmennleger.',
    specialties: ['radiologi'],
  },
  {
    email: 'nora.eide@demo.no',
    first_name: 'Nora',
    last_name: 'Eide',
    slug: 'nora-eide',
    phone: '+4791234517',
    birth_date: '1983-08-09',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9165034',
    register: doctor(['barnesykdommer']),
    roles: ['doctor', 'company_manager'],
    workplace_situation: 'working',
    cityCode: '0301',
    hospitalCode: 'ous-rikshospitalet',
    position: 'Overlege, Barneklinikken',
    about: 'Barnelege på Rikshospitalet og faglig leder i Akademiet for klinisk praksis.',
    specialties: ['barnesykdommer'],
  },
  {
    email: 'martin.berge@demo.no',
    first_name: 'Martin',
    last_name: 'Berge',
    slug: 'martin-berge',
    phone: '+4791234518',
    birth_date: '2000-01-15',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9290467',
    register: medStudent,
    roles: ['student'],
    workplace_situation: 'student',
    cityCode: '5001',
    workplace_name: 'NTNU',
    position: 'Medisinstudent, 6. år',
    about: 'Medisinstudent ved NTNU. Vil bli allmennlege i Nord-Norge.',
    specialties: [],
  },
  {
    email: 'emilie.lunde@demo.no',
    first_name: 'Emilie',
    last_name: 'Lunde',
    slug: 'emilie-lunde',
    phone: '+4791234519',
    birth_date: '1981-03-03',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9120986',
    register: doctor(['onkologi']),
    roles: ['doctor'],
    workplace_situation: 'working',
    cityCode: '0301',
    hospitalCode: 'ous-radiumhospitalet',
    position: 'Overlege og forsker, Kreftklinikken',
    about: 'Onkolog med forskning på immunterapi ved lungekreft.',
    specialties: ['onkologi'],
  },
  {
    email: 'henrik.saetre@demo.no',
    first_name: 'Henrik',
    last_name: 'Sætre',
    slug: 'henrik-saetre',
    phone: '+4791234520',
    birth_date: '1986-05-11',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9187352',
    register: doctor(['allmennmedisin']),
    roles: ['doctor'],
    workplace_situation: 'working',
    cityCode: '1804',
    clinicCode: 'bodo-legevakt',
    position: 'Legevaktlege og fastlege',
    about: 'Fastlege og legevaktlege i Bodø.',
    specialties: ['allmennmedisin', 'akutt-og-mottaksmedisin'],
  },
  {
    email: 'camilla.ruud@demo.no',
    first_name: 'Camilla',
    last_name: 'Ruud',
    slug: 'camilla-ruud',
    phone: '+4791234521',
    birth_date: '1978-09-26',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9067719',
    register: doctor(['kvinnesykdommer-og-fodselshjelp']),
    roles: ['doctor'],
    workplace_situation: 'working',
    cityCode: '3905',
    hospitalCode: 'siv-tonsberg',
    position: 'Overlege, Kvinneklinikken',
    about: 'Gynekolog i Vestfold.',
    specialties: ['kvinnesykdommer-og-fodselshjelp'],
  },
  {
    email: 'erik.johansen@demo.no',
    first_name: 'Erik',
    last_name: 'Johansen',
    slug: 'erik-johansen',
    phone: '+4791234522',
    birth_date: '1975-02-28',
    status: 'approved',
    approved_hrp: 2,
    hpr_number: '9045570',
    register: doctor(['samfunnsmedisin']),
    roles: ['doctor', 'company_manager'],
    workplace_situation: 'working',
    cityCode: '3201',
    workplace_name: 'Nordic MedTech AS',
    position: 'Medisinsk direktør',
    about: 'Lege i medisinsk teknologi-industrien. Tidligere fastlege i Bærum.',
    specialties: ['samfunnsmedisin'],
  },
];

/**
 * Further people in the register who have no account yet: the identity-provider simulator offers them
 * for registration. Some are doctors, some licensed students (both get approved_hrp 2 on sign-up), some
 * other professions and one doctor without a valid authorisation (both wait for an administrator).
 */
export const REGISTER_TEST_PERSONS: readonly RegisterPerson[] = [
  {
    first_name: 'Lars',
    last_name: 'Kristiansen',
    birth_date: '1985-04-02',
    hpr_number: '9301125',
    ...doctor(['indremedisin']),
  },
  {
    first_name: 'Marte',
    last_name: 'Olsen',
    birth_date: '1990-08-17',
    hpr_number: '9301133',
    ...doctor(['allmennmedisin']),
  },
  {
    first_name: 'Per',
    last_name: 'Hagen',
    birth_date: '1968-12-05',
    hpr_number: '9301141',
    ...doctor(['generell-kirurgi', 'gastroenterologisk-kirurgi']),
  },
  {
    first_name: 'Ida',
    last_name: 'Andersen',
    birth_date: '1992-03-29',
    hpr_number: '9301150',
    ...doctor([]),
  },
  {
    first_name: 'Kristian',
    last_name: 'Larsen',
    birth_date: '1977-06-14',
    hpr_number: '9301168',
    ...doctor(['nevrologi']),
  },
  {
    first_name: 'Helene',
    last_name: 'Pedersen',
    birth_date: '1987-10-21',
    hpr_number: '9301176',
    ...doctor(['barnesykdommer']),
  },
  {
    first_name: 'Magnus',
    last_name: 'Karlsen',
    birth_date: '1983-01-08',
    hpr_number: '9301184',
    ...doctor(['radiologi']),
  },
  {
    first_name: 'Ragnhild',
    last_name: 'Holm',
    birth_date: '1965-05-30',
    hpr_number: '9301192',
    ...doctor(['psykiatri']),
  },
  { first_name: 'Sindre', last_name: 'Vik', birth_date: '1994-09-12', hpr_number: '9301206', ...doctor([]) },
  { first_name: 'Tuva', last_name: 'Lien', birth_date: '2002-02-03', hpr_number: '9301214', ...medStudent },
  {
    first_name: 'Eskil',
    last_name: 'Bråten',
    birth_date: '2001-11-19',
    hpr_number: '9301222',
    ...medStudent,
  },
  { first_name: 'Amalie', last_name: 'Foss', birth_date: '2000-07-07', hpr_number: '9301230', ...medStudent },
  {
    first_name: 'Sander',
    last_name: 'Myhre',
    birth_date: '2003-04-25',
    hpr_number: '9301249',
    ...medStudent,
  },
  {
    first_name: 'Ingvild',
    last_name: 'Rønning',
    birth_date: '1989-06-01',
    hpr_number: '9301257',
    profession: 'nurse',
    has_authorisation: true,
    has_licence: false,
    specialty_codes: [],
  },
  {
    first_name: 'Fredrik',
    last_name: 'Aune',
    birth_date: '1984-08-22',
    hpr_number: '9301265',
    profession: 'nurse',
    has_authorisation: true,
    has_licence: false,
    specialty_codes: [],
  },
  {
    first_name: 'Karoline',
    last_name: 'Tangen',
    birth_date: '1986-12-13',
    hpr_number: '9301273',
    profession: 'psychologist',
    has_authorisation: true,
    has_licence: false,
    specialty_codes: [],
  },
  {
    first_name: 'Mathias',
    last_name: 'Ellingsen',
    birth_date: '1991-03-16',
    hpr_number: '9301281',
    profession: 'physiotherapist',
    has_authorisation: true,
    has_licence: false,
    specialty_codes: [],
  },
  {
    first_name: 'Guro',
    last_name: 'Sandvik',
    birth_date: '1979-10-10',
    hpr_number: '9301290',
    profession: 'dentist',
    has_authorisation: true,
    has_licence: false,
    specialty_codes: [],
  },
  {
    first_name: 'Vegard',
    last_name: 'Nyland',
    birth_date: '1973-05-05',
    hpr_number: '9301303',
    profession: 'other',
    has_authorisation: true,
    has_licence: false,
    specialty_codes: [],
  },
  {
    first_name: 'Stian',
    last_name: 'Halvorsen',
    birth_date: '1981-01-27',
    hpr_number: '9301311',
    profession: 'doctor',
    has_authorisation: false,
    has_licence: false,
    specialty_codes: [],
  },
];

export interface TestPerson extends RegisterPerson {
  national_id: string;
  /** E-mail of the demo account this person already has, if any. */
  account_email: string | null;
}

/** Everyone in the seeded register, with their synthetic national identity number. */
export const TEST_PERSONS: readonly TestPerson[] = [
  ...DEMO_USERS.flatMap((u): TestPerson[] =>
    u.register && u.hpr_number
      ? [
          {
            first_name: u.first_name,
            last_name: u.last_name,
            birth_date: u.birth_date,
            hpr_number: u.hpr_number,
            ...u.register,
            account_email: u.email,
            national_id: '',
          },
        ]
      : [],
  ),
  ...REGISTER_TEST_PERSONS.map((p) => ({ ...p, account_email: null, national_id: '' })),
].map((p, i) => ({ ...p, national_id: syntheticNationalId(p.birth_date, i + 1) }));

/** National identity number of a demo user (also in TEST_PERSONS when they are in the register). */
export function nationalIdOf(user: DemoUserSeed, index: number): string {
  return (
    TEST_PERSONS.find((p) => p.account_email === user.email)?.national_id ??
    syntheticNationalId(user.birth_date, 100 + index)
  );
}
