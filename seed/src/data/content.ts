/**
 * Deterministic demo content. People are referred to by e-mail, reference rows by code, and points in
 * time by offsets from the start of the seeding day (negative = past), so every state (current and
 * archived jobs, upcoming / live / past webinars, active and finished petitions) holds whatever day the
 * database is seeded on.
 */

export interface CompanySeed {
  slug: string;
  name: string;
  description: string;
  organisation_number: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  postal_code: string;
  cityCode: string;
  categories: readonly string[];
  managers: readonly string[];
  followers: readonly string[];
  is_published: boolean;
  is_comments_allowed: boolean;
  createdDaysAgo: number;
}

export const LEGE = 'lege@demo.no';
export const STUDENT = 'student@demo.no';
export const ADMIN = 'admin@demo.no';
const KARI = 'kari.nordby@demo.no';
const OLA = 'ola.bakken@demo.no';
const HANNE = 'hanne.solberg@demo.no';
const JONAS = 'jonas.strand@demo.no';
const SILJE = 'silje.moen@demo.no';
const THOMAS = 'thomas.aasen@demo.no';
const NORA = 'nora.eide@demo.no';
const MARTIN = 'martin.berge@demo.no';
const EMILIE = 'emilie.lunde@demo.no';
const HENRIK = 'henrik.saetre@demo.no';
const CAMILLA = 'camilla.ruud@demo.no';
const ERIK = 'erik.johansen@demo.no';

export const COMPANIES: readonly CompanySeed[] = [
  {
    slug: 'demo-medisin',
    name: 'Demo Medisin AS',
    description:
      'Demo Medisin AS utvikler og formidler legemidler innen allmennmedisin og kroniske sykdommer, og arrangerer faglige webinarer for leger i hele landet.',
    organisation_number: '912345688',
    email: 'post@demomedisin.no',
    phone: '+4722334455',
    website: 'https://demomedisin.no',
    address: 'Kirkeveien 64',
    postal_code: '0364',
    cityCode: '0301',
    categories: ['pharmaceuticals', 'education'],
    managers: [LEGE],
    followers: [STUDENT, KARI, OLA, SILJE, NORA, MARTIN, HENRIK],
    is_published: true,
    is_comments_allowed: true,
    createdDaysAgo: 120,
  },
  {
    slug: 'nordic-medtech',
    name: 'Nordic MedTech AS',
    description:
      'Medisinsk utstyr og digitale løsninger for hjemmeoppfølging av pasienter med kroniske sykdommer.',
    organisation_number: '923456783',
    email: 'kontakt@nordicmedtech.no',
    phone: '+4767112233',
    website: 'https://nordicmedtech.no',
    address: 'Lysaker Torg 12',
    postal_code: '1366',
    cityCode: '3201',
    categories: ['medical-devices', 'e-health'],
    managers: [ERIK],
    followers: [LEGE, THOMAS, JONAS, KARI],
    is_published: true,
    is_comments_allowed: true,
    createdDaysAgo: 200,
  },
  {
    slug: 'legevikar-norge',
    name: 'Legevikar Norge AS',
    description:
      'Vi formidler legevikarer til kommuner, legevakter og sykehus i hele Norge – fra Lindesnes til Kirkenes.',
    organisation_number: '934567897',
    email: 'vikar@legevikarnorge.no',
    phone: '+4738001122',
    website: 'https://legevikarnorge.no',
    address: 'Markens gate 20',
    postal_code: '4611',
    cityCode: '4204',
    categories: ['recruitment'],
    managers: [SILJE],
    followers: [LEGE, HENRIK, MARTIN, STUDENT],
    is_published: true,
    is_comments_allowed: true,
    createdDaysAgo: 300,
  },
  {
    slug: 'fjordhelse-forsikring',
    name: 'Fjordhelse Forsikring AS',
    description: 'Ansvars- og helseforsikring tilpasset leger og legestudenter.',
    organisation_number: '945678909',
    email: 'kundeservice@fjordhelse.no',
    phone: '+4755667788',
    website: 'https://fjordhelse.no',
    address: 'Strandkaien 2',
    postal_code: '5013',
    cityCode: '4601',
    categories: ['insurance', 'finance'],
    managers: [KARI],
    followers: [LEGE, CAMILLA],
    is_published: true,
    is_comments_allowed: false,
    createdDaysAgo: 90,
  },
  {
    slug: 'journalflyt',
    name: 'Journalflyt AS',
    description:
      'Journalsystem og beslutningsstøtte for sykehus og legekontor, utviklet sammen med klinikere i Midt-Norge.',
    organisation_number: '956789028',
    email: 'hei@journalflyt.no',
    phone: '+4773990011',
    website: 'https://journalflyt.no',
    address: 'Prinsens gate 1',
    postal_code: '7011',
    cityCode: '5001',
    categories: ['e-health'],
    managers: [OLA],
    followers: [LEGE, MARTIN, EMILIE],
    is_published: true,
    is_comments_allowed: true,
    createdDaysAgo: 150,
  },
  {
    slug: 'akademiet-for-klinisk-praksis',
    name: 'Akademiet for klinisk praksis AS',
    description:
      'Kurs og webinarer med tellende timer for spesialistutdanningen i allmennmedisin og sykehusspesialiteter.',
    organisation_number: '967890138',
    email: 'kurs@kliniskpraksis.no',
    phone: '+4722110099',
    website: 'https://kliniskpraksis.no',
    address: 'Sognsvannsveien 20',
    postal_code: '0372',
    cityCode: '0301',
    categories: ['education'],
    managers: [NORA],
    followers: [LEGE, STUDENT, JONAS, SILJE, HENRIK, CAMILLA],
    is_published: true,
    is_comments_allowed: true,
    createdDaysAgo: 250,
  },
  {
    slug: 'nordlys-klinikk',
    name: 'Nordlys Klinikk AS',
    description:
      'Privat poliklinikk for psykiatri og psykologisk behandling i Tromsø. Siden er under oppbygging.',
    organisation_number: '978901239',
    email: 'post@nordlysklinikk.no',
    phone: '+4777001122',
    website: 'https://nordlysklinikk.no',
    address: 'Storgata 90',
    postal_code: '9008',
    cityCode: '5501',
    categories: ['private-clinics'],
    managers: [HANNE],
    followers: [],
    is_published: false,
    is_comments_allowed: true,
    createdDaysAgo: 10,
  },
];

/** A pending follow invitation (shows in the invited user's notifications). */
export const FOLLOW_INVITATIONS: ReadonlyArray<{ company: string; invited: string; by: string }> = [
  { company: 'demo-medisin', invited: 'thomas.aasen@demo.no', by: LEGE },
  { company: 'nordic-medtech', invited: STUDENT, by: ERIK },
];

export interface JobSeed {
  title: string;
  owner: string;
  company?: string;
  company_name: string;
  category: string;
  position_type: 'full_time' | 'substitute' | 'asap';
  workplace_type: 'hospital' | 'general_practice' | 'other';
  hospitalCode?: string;
  clinicCode?: string;
  cityCode: string;
  city_area?: string;
  /** A department or building, when the company name does not say where the work is. */
  work_address?: string;
  address_line: string;
  postal_code: string;
  contact_person: string;
  phone: string;
  specialties: readonly string[];
  description: string;
  /** Days from the seeding day; negative = the job is archived. */
  deadlineDays: number;
  hiringDays?: number;
  publishedDaysAgo: number;
  closed?: boolean;
}

const job = (j: JobSeed): JobSeed => j;

export const JOBS: readonly JobSeed[] = [
  job({
    title: 'Fastlege – ledig liste på Majorstuen',
    owner: LEGE,
    company_name: 'Majorstuen legesenter',
    category: 'general-practitioner',
    position_type: 'full_time',
    workplace_type: 'general_practice',
    clinicCode: 'oslo-majorstuen-legesenter',
    cityCode: '0301',
    city_area: 'Majorstuen',
    address_line: 'Kirkeveien 64',
    postal_code: '0364',
    contact_person: 'Anders Lie',
    phone: '+4791234502',
    specialties: ['allmennmedisin'],
    description:
      'Vi søker fastlege til en liste på 1 000 pasienter i et veldrevet legesenter med seks leger, egen laboratorieavdeling og god kollegial støtte. Næringsdrift med fast kostnadsandel.',
    deadlineDays: 30,
    hiringDays: 90,
    publishedDaysAgo: 3,
  }),
  job({
    title: 'Vikar fastlege i sommerferien',
    owner: LEGE,
    company_name: 'Majorstuen legesenter',
    category: 'locum',
    position_type: 'substitute',
    workplace_type: 'general_practice',
    clinicCode: 'oslo-majorstuen-legesenter',
    cityCode: '0301',
    city_area: 'Majorstuen',
    address_line: 'Kirkeveien 64',
    postal_code: '0364',
    contact_person: 'Anders Lie',
    phone: '+4791234502',
    specialties: ['allmennmedisin'],
    description:
      'Vikariat i seks uker for fastlege i permisjon. Passer for LIS1-ferdige leger som vil prøve allmennpraksis.',
    deadlineDays: 14,
    hiringDays: 45,
    publishedDaysAgo: 6,
  }),
  job({
    title: 'Medisinsk rådgiver',
    owner: LEGE,
    company: 'demo-medisin',
    company_name: 'Demo Medisin AS',
    category: 'industry',
    position_type: 'full_time',
    workplace_type: 'other',
    cityCode: '0301',
    address_line: 'Kirkeveien 64',
    postal_code: '0364',
    contact_person: 'Anders Lie',
    phone: '+4722334455',
    specialties: ['allmennmedisin', 'indremedisin'],
    description:
      'Demo Medisin AS søker lege som medisinsk rådgiver for terapiområdet diabetes og hjerte-kar. Du gir faglig støtte til markeds- og studieteam og holder webinarer for allmennleger.',
    deadlineDays: 45,
    hiringDays: 120,
    publishedDaysAgo: 1,
  }),
  job({
    title: 'Overlege i kardiologi',
    owner: KARI,
    company_name: 'Helse Bergen HF',
    category: 'consultant',
    position_type: 'full_time',
    workplace_type: 'hospital',
    hospitalCode: 'hb-haukeland',
    cityCode: '4601',
    work_address: 'Hjerteavdelingen, Haukeland universitetssjukehus',
    address_line: 'Haukelandsveien 22',
    postal_code: '5021',
    contact_person: 'Kari Nordby',
    phone: '+4755975000',
    specialties: ['hjertesykdommer'],
    description:
      'Fast stilling som overlege ved Hjerteavdelingen, seksjon for hjertesvikt. Deltakelse i vaktordning.',
    deadlineDays: 21,
    publishedDaysAgo: 8,
  }),
  job({
    title: 'LIS1 – St. Olavs hospital',
    owner: OLA,
    company_name: 'St. Olavs hospital HF',
    category: 'lis1',
    position_type: 'full_time',
    workplace_type: 'hospital',
    hospitalCode: 'stolav-trondheim',
    cityCode: '5001',
    address_line: 'Prinsesse Kristinas gate 3',
    postal_code: '7030',
    contact_person: 'Ola Bakken',
    phone: '+4772573000',
    specialties: [],
    description:
      'LIS1-stillinger med oppstart til høsten: 12 måneder i sykehus etterfulgt av 6 måneder i kommunehelsetjenesten.',
    deadlineDays: 10,
    hiringDays: 150,
    publishedDaysAgo: 12,
  }),
  job({
    title: 'LIS2/3 i psykiatri',
    owner: HANNE,
    company_name: 'Universitetssykehuset Nord-Norge HF',
    category: 'specialty-training',
    position_type: 'full_time',
    workplace_type: 'hospital',
    hospitalCode: 'unn-tromso',
    cityCode: '5501',
    address_line: 'Sykehusvegen 38',
    postal_code: '9019',
    contact_person: 'Hanne Solberg',
    phone: '+4777626000',
    specialties: ['psykiatri'],
    description:
      'Utdanningsstilling i psykiatri med fullt utdanningsløp i Tromsø. Nordnorsk tillegg og flyttegodtgjørelse.',
    deadlineDays: 35,
    publishedDaysAgo: 4,
  }),
  job({
    title: 'Legevaktslege – helgevakter',
    owner: HENRIK,
    company_name: 'Bodø legevakt',
    category: 'out-of-hours',
    position_type: 'substitute',
    workplace_type: 'other',
    clinicCode: 'bodo-legevakt',
    cityCode: '1804',
    address_line: 'Prinsens gate 164',
    postal_code: '8005',
    contact_person: 'Henrik Sætre',
    phone: '+4775555000',
    specialties: ['allmennmedisin', 'akutt-og-mottaksmedisin'],
    description: 'Vi trenger leger til helgevakter i vinterhalvåret. Godt bakvaktsystem og moderne legevakt.',
    deadlineDays: 7,
    publishedDaysAgo: 2,
  }),
  job({
    title: 'Overlege anestesi – snarest',
    owner: JONAS,
    company_name: 'Helse Stavanger HF',
    category: 'consultant',
    position_type: 'asap',
    workplace_type: 'hospital',
    hospitalCode: 'hs-sus',
    cityCode: '1103',
    address_line: 'Gerd-Ragna Bloch Thorsens gate 8',
    postal_code: '4011',
    contact_person: 'Jonas Strand',
    phone: '+4751518000',
    specialties: ['anestesiologi'],
    description:
      'Ledig overlegestilling ved Anestesiavdelingen i nytt sykehus på Ullandhaug. Tiltredelse snarest.',
    deadlineDays: 5,
    publishedDaysAgo: 9,
  }),
  job({
    title: 'Radiolog – fast stilling',
    owner: THOMAS,
    company_name: 'Akershus universitetssykehus HF',
    category: 'permanent',
    position_type: 'full_time',
    workplace_type: 'hospital',
    hospitalCode: 'ahus-nordbyhagen',
    cityCode: '3222',
    address_line: 'Sykehusveien 25',
    postal_code: '1478',
    contact_person: 'Thomas Aasen',
    phone: '+4767960000',
    specialties: ['radiologi'],
    description: 'Overlege i radiologi med interesse for CT og MR. Mulighet for hjemmevakt med fjernlesing.',
    deadlineDays: 28,
    publishedDaysAgo: 5,
  }),
  job({
    title: 'Fastlege i Kristiansand – overtakelse av praksis',
    owner: SILJE,
    company: 'legevikar-norge',
    company_name: 'Legevikar Norge AS',
    category: 'general-practitioner',
    position_type: 'full_time',
    workplace_type: 'general_practice',
    clinicCode: 'kristiansand-lund-legesenter',
    cityCode: '4204',
    city_area: 'Lund',
    address_line: 'Kongsgård allé 20',
    postal_code: '4631',
    contact_person: 'Silje Moen',
    phone: '+4738001122',
    specialties: ['allmennmedisin'],
    description:
      'Fastlegepraksis med 1 100 pasienter for overtakelse. Legesenteret har fire leger og gode lokaler.',
    deadlineDays: 40,
    publishedDaysAgo: 7,
  }),
  job({
    title: 'Vikariat i gynekologi',
    owner: CAMILLA,
    company_name: 'Sykehuset i Vestfold HF',
    category: 'locum',
    position_type: 'substitute',
    workplace_type: 'hospital',
    hospitalCode: 'siv-tonsberg',
    cityCode: '3905',
    address_line: 'Halfdan Wilhelmsens allé 17',
    postal_code: '3116',
    contact_person: 'Camilla Ruud',
    phone: '+4733342000',
    specialties: ['kvinnesykdommer-og-fodselshjelp'],
    description: 'Seks måneders vikariat som overlege ved Gynekologisk avdeling.',
    deadlineDays: 18,
    publishedDaysAgo: 10,
  }),
  job({
    title: 'Postdoktor i klinisk onkologi',
    owner: EMILIE,
    company_name: 'Oslo universitetssykehus HF',
    category: 'research',
    position_type: 'full_time',
    workplace_type: 'hospital',
    hospitalCode: 'ous-radiumhospitalet',
    cityCode: '0301',
    address_line: 'Ullernchausséen 70',
    postal_code: '0379',
    contact_person: 'Emilie Lunde',
    phone: '+4722934000',
    specialties: ['onkologi'],
    description:
      'Treårig postdoktorstilling i et forskningsprosjekt om immunterapi ved ikke-småcellet lungekreft.',
    deadlineDays: 60,
    publishedDaysAgo: 14,
  }),
  job({
    title: 'Legevikar til Finnmark – fire uker',
    owner: SILJE,
    company: 'legevikar-norge',
    company_name: 'Legevikar Norge AS',
    category: 'locum',
    position_type: 'substitute',
    workplace_type: 'hospital',
    hospitalCode: 'fin-hammerfest',
    cityCode: '5603',
    address_line: 'Sykehusveien 35',
    postal_code: '9613',
    contact_person: 'Silje Moen',
    phone: '+4738001122',
    specialties: ['indremedisin'],
    description: 'Vikar i indremedisin ved Finnmarkssykehuset Hammerfest. Reise og bolig dekkes.',
    deadlineDays: 20,
    publishedDaysAgo: 3,
  }),
  job({
    title: 'Kommuneoverlege',
    owner: ADMIN,
    company_name: 'Ålesund kommune',
    category: 'management',
    position_type: 'full_time',
    workplace_type: 'other',
    cityCode: '1508',
    address_line: 'Keiser Wilhelms gate 11',
    postal_code: '6003',
    contact_person: 'Ingrid Berg',
    phone: '+4770162000',
    specialties: ['samfunnsmedisin'],
    description:
      'Ålesund kommune søker kommuneoverlege med ansvar for smittevern, miljørettet helsevern og beredskap.',
    deadlineDays: 25,
    publishedDaysAgo: 11,
  }),
  // Archived: the application deadline has passed.
  job({
    title: 'Vikar barnelege i vinterferien',
    owner: NORA,
    company_name: 'Oslo universitetssykehus HF',
    category: 'locum',
    position_type: 'substitute',
    workplace_type: 'hospital',
    hospitalCode: 'ous-rikshospitalet',
    cityCode: '0301',
    address_line: 'Sognsvannsveien 20',
    postal_code: '0372',
    contact_person: 'Nora Eide',
    phone: '+4723070000',
    specialties: ['barnesykdommer'],
    description: 'Vikariat ved Barneklinikken i vinterferieuken.',
    deadlineDays: -12,
    publishedDaysAgo: 40,
  }),
  job({
    title: 'LIS1 – Sykehuset Innlandet Gjøvik',
    owner: ADMIN,
    company_name: 'Sykehuset Innlandet HF',
    category: 'lis1',
    position_type: 'full_time',
    workplace_type: 'hospital',
    hospitalCode: 'si-gjovik',
    cityCode: '3407',
    address_line: 'Kyrre Grepps gate 11',
    postal_code: '2819',
    contact_person: 'Ingrid Berg',
    phone: '+4761157000',
    specialties: [],
    description: 'LIS1-stillinger ved Gjøvik sykehus.',
    deadlineDays: -40,
    publishedDaysAgo: 75,
  }),
  job({
    title: 'Vikar fastlege i påsken',
    owner: LEGE,
    company_name: 'Majorstuen legesenter',
    category: 'locum',
    position_type: 'substitute',
    workplace_type: 'general_practice',
    clinicCode: 'oslo-majorstuen-legesenter',
    cityCode: '0301',
    city_area: 'Majorstuen',
    address_line: 'Kirkeveien 64',
    postal_code: '0364',
    contact_person: 'Anders Lie',
    phone: '+4791234502',
    specialties: ['allmennmedisin'],
    description: 'Vikar for to uker i påsken.',
    deadlineDays: -20,
    publishedDaysAgo: 50,
  }),
  job({
    title: 'Overlege i nevrologi',
    owner: KARI,
    company_name: 'Helse Bergen HF',
    category: 'consultant',
    position_type: 'full_time',
    workplace_type: 'hospital',
    hospitalCode: 'hb-haukeland',
    cityCode: '4601',
    address_line: 'Haukelandsveien 22',
    postal_code: '5021',
    contact_person: 'Kari Nordby',
    phone: '+4755975000',
    specialties: ['nevrologi'],
    description: 'Fast stilling ved Nevrologisk avdeling.',
    deadlineDays: -5,
    publishedDaysAgo: 35,
  }),
  // Closed by its owner before the deadline.
  job({
    title: 'Sykehjemslege 20 %',
    owner: LEGE,
    company_name: 'Bærum kommune',
    category: 'part-time',
    position_type: 'full_time',
    workplace_type: 'other',
    cityCode: '3201',
    address_line: 'Arnold Haukelands plass 10',
    postal_code: '1338',
    contact_person: 'Anders Lie',
    phone: '+4767504050',
    specialties: ['allmennmedisin', 'geriatri'],
    description: 'Tilsynslege ved sykehjem, én dag i uken. Stillingen er besatt.',
    deadlineDays: 10,
    publishedDaysAgo: 20,
    closed: true,
  }),
];

export interface ProductSeed {
  title: string;
  owner: string;
  price_nok: number;
  manufacturer: string | null;
  category: string;
  soldOut: boolean;
  description: string;
  createdDaysAgo: number;
}

export const PRODUCTS: readonly ProductSeed[] = [
  {
    title: 'Stetoskop Littmann Cardiology IV',
    owner: LEGE,
    price_nok: 1450,
    manufacturer: '3M Littmann',
    category: 'instruments',
    soldOut: false,
    createdDaysAgo: 2,
    description: 'Lite brukt, svart med rustfri klokke. Nye ørepropper følger med.',
  },
  {
    title: 'Veggmontert otoskop og oftalmoskop',
    owner: LEGE,
    price_nok: 6900,
    manufacturer: 'Welch Allyn',
    category: 'diagnostics',
    soldOut: false,
    createdDaysAgo: 5,
    description: 'Komplett veggsett med transformator og spekulumholder. Demontert ved flytting av kontor.',
  },
  {
    title: 'Norsk legemiddelhåndbok, innbundet',
    owner: LEGE,
    price_nok: 350,
    manufacturer: 'Foreningen for utgivelse av Norsk legemiddelhåndbok',
    category: 'books',
    soldOut: false,
    createdDaysAgo: 9,
    description: 'Siste trykte utgave, som ny.',
  },
  {
    title: 'Undersøkelsesbenk med elektrisk heving',
    owner: LEGE,
    price_nok: 8500,
    manufacturer: 'Lojer',
    category: 'furniture',
    soldOut: true,
    createdDaysAgo: 30,
    description: 'Tredelt benk med fotpedal. Hentes på Majorstuen.',
  },
  {
    title: 'Bærbar EKG med 12 avledninger',
    owner: LEGE,
    price_nok: 18500,
    manufacturer: 'Schiller',
    category: 'diagnostics',
    soldOut: true,
    createdDaysAgo: 45,
    description: 'Fungerer perfekt, service utført i fjor. Inkluderer veske og elektroder.',
  },
  {
    title: 'Håndholdt ultralyd, brukt',
    owner: THOMAS,
    price_nok: 22000,
    manufacturer: 'Butterfly Network',
    category: 'diagnostics',
    soldOut: false,
    createdDaysAgo: 4,
    description: 'Probe med abonnement ut året. Passer godt for allmennpraksis og legevakt.',
  },
  {
    title: 'Suturset, 10 instrumenter',
    owner: OLA,
    price_nok: 1200,
    manufacturer: 'Hu-Friedy',
    category: 'instruments',
    soldOut: false,
    createdDaysAgo: 12,
    description: 'Nålholder, pinsetter og sakser i stålkassett. Autoklaverbare.',
  },
  {
    title: 'Arbeidsklær str. M – tre sett',
    owner: STUDENT,
    price_nok: 600,
    manufacturer: 'Kentaur',
    category: 'clothing',
    soldOut: false,
    createdDaysAgo: 1,
    description: 'Hvite bukser og tunikaer, brukt i praksisperioden.',
  },
  {
    title: 'Harrison’s Principles of Internal Medicine, 21. utgave',
    owner: MARTIN,
    price_nok: 900,
    manufacturer: 'McGraw Hill',
    category: 'books',
    soldOut: true,
    createdDaysAgo: 25,
    description: 'To bind, noen understrekninger.',
  },
  {
    title: 'Blodtrykksmåler for døgnregistrering',
    owner: SILJE,
    price_nok: 4200,
    manufacturer: 'Microlife',
    category: 'diagnostics',
    soldOut: false,
    createdDaysAgo: 7,
    description: 'Validert apparat med programvare og tre mansjettstørrelser.',
  },
  {
    title: 'Fastlegepraksis til salgs – 1 100 pasienter',
    owner: HENRIK,
    price_nok: 250000,
    manufacturer: null,
    category: 'practice-sale',
    soldOut: false,
    createdDaysAgo: 15,
    description: 'Etablert praksis i Bodø sentrum med inventar og utstyr. Overtakelse etter avtale.',
  },
  {
    title: 'Brukt undersøkelsesbenk',
    owner: CAMILLA,
    price_nok: 2500,
    manufacturer: 'Lojer',
    category: 'furniture',
    soldOut: false,
    createdDaysAgo: 18,
    description: 'Manuell høyderegulering, nytt trekk.',
  },
  {
    title: 'MacBook Pro 14" til journalføring',
    owner: JONAS,
    price_nok: 14000,
    manufacturer: 'Apple',
    category: 'it-equipment',
    soldOut: true,
    createdDaysAgo: 22,
    description: 'M3, 16 GB minne, 512 GB lagring. Kvittering og garanti.',
  },
];

export interface CourseSeed {
  title: string;
  type: 'course' | 'webinar' | 'lunch_meeting' | 'small_group';
  owner: string;
  company?: string;
  category: string;
  host_name: string;
  target: string;
  description: string;
  cityCode?: string;
  specialties: readonly string[];
  /** 'live' = started within the current hour and still running; otherwise day offset and Oslo time. */
  start: 'live' | { days: number; hour: number; minute?: number };
  duration_minutes: 30 | 60 | 90 | 120;
  status: 'draft' | 'submitted' | 'approved' | 'rejected' | 'cancelled';
  subscribers: readonly string[];
  /** On the waiting list, in this order (the seats are full). */
  waiting?: readonly string[];
  max_attendees?: number;
  sponsor_name?: string;
  food_served?: boolean;
  audience?: string;
  address?: string;
  credit_hours?: number;
  credit_approved_by?: string;
  /** A recording (past webinars). */
  embed_code?: string;
  moderation_reason?: string;
}

export const COURSES: readonly CourseSeed[] = [
  {
    title: 'Akutt hjertesvikt – oppdatering 2026',
    type: 'webinar',
    owner: KARI,
    category: 'clinical-update',
    host_name: 'Kari Nordby, overlege, Haukeland universitetssjukehus',
    target: 'Leger i sykehus og allmennpraksis',
    description:
      'Gjennomgang av nye europeiske retningslinjer for akutt hjertesvikt med kasuistikker og spørsmål fra deltakerne.',
    specialties: ['hjertesykdommer', 'indremedisin', 'allmennmedisin'],
    start: 'live',
    duration_minutes: 120,
    status: 'approved',
    subscribers: [LEGE, STUDENT, SILJE, HENRIK, JONAS],
  },
  {
    title: 'Antibiotikabruk i allmennpraksis',
    type: 'webinar',
    owner: LEGE,
    company: 'demo-medisin',
    category: 'clinical-update',
    host_name: 'Demo Medisin AS',
    target: 'Fastleger og legevaktleger',
    description:
      'Riktig antibiotikabruk ved luftveisinfeksjoner og urinveisinfeksjoner, med fokus på smalspektrede midler.',
    specialties: ['allmennmedisin', 'infeksjonssykdommer'],
    start: { days: 3, hour: 18 },
    duration_minutes: 60,
    status: 'approved',
    subscribers: [STUDENT, SILJE, HENRIK, MARTIN],
  },
  {
    title: 'Depresjon hos eldre – diagnostikk og behandling',
    type: 'webinar',
    owner: HANNE,
    category: 'clinical-update',
    host_name: 'Hanne Solberg, psykiater',
    target: 'Allmennleger, geriatere og psykiatere',
    description: 'Hvordan skille depresjon fra kognitiv svikt, og når bør medikamentell behandling startes?',
    specialties: ['psykiatri', 'geriatri', 'allmennmedisin'],
    start: { days: 7, hour: 18 },
    duration_minutes: 90,
    status: 'approved',
    subscribers: [LEGE, CAMILLA],
  },
  {
    title: 'Lunsjmøte: Nye retningslinjer for diabetes type 2',
    type: 'webinar',
    owner: NORA,
    company: 'akademiet-for-klinisk-praksis',
    category: 'lunch-meeting',
    host_name: 'Akademiet for klinisk praksis',
    target: 'Fastleger',
    description: 'Et kort lunsjmøte om de oppdaterte nasjonale faglige retningslinjene for diabetes.',
    specialties: ['allmennmedisin', 'endokrinologi'],
    start: { days: 2, hour: 11, minute: 30 },
    duration_minutes: 30,
    status: 'approved',
    subscribers: [LEGE, SILJE],
  },
  {
    title: 'Hodepine – når skal du henvise?',
    type: 'webinar',
    owner: KARI,
    category: 'clinical-update',
    host_name: 'Kari Nordby',
    target: 'Allmennleger',
    description: 'Røde flagg ved hodepine og praktisk henvisningspraksis.',
    specialties: ['nevrologi', 'allmennmedisin'],
    start: { days: -5, hour: 18 },
    duration_minutes: 60,
    status: 'approved',
    subscribers: [LEGE, STUDENT, MARTIN],
  },
  {
    title: 'Digital hjemmeoppfølging av KOLS',
    type: 'webinar',
    owner: ERIK,
    company: 'nordic-medtech',
    category: 'digital-health',
    host_name: 'Nordic MedTech AS',
    target: 'Lungeleger, allmennleger og sykepleiere',
    description: 'Erfaringer fra tre kommuner som følger opp KOLS-pasienter med sensorer og nettbrett.',
    specialties: ['lungesykdommer', 'allmennmedisin'],
    start: { days: -14, hour: 19 },
    duration_minutes: 90,
    status: 'approved',
    subscribers: [LEGE, THOMAS],
  },
  {
    title: 'Sepsis i akuttmottaket',
    type: 'webinar',
    owner: JONAS,
    category: 'emergency',
    host_name: 'Jonas Strand, LIS anestesi',
    target: 'LIS og overleger i akuttmottak',
    description: 'Tidlig gjenkjenning og behandling av sepsis – de første timene.',
    specialties: ['anestesiologi', 'akutt-og-mottaksmedisin', 'infeksjonssykdommer'],
    start: { days: -30, hour: 18 },
    duration_minutes: 120,
    status: 'approved',
    subscribers: [HENRIK, STUDENT],
  },
  {
    title: 'Akuttmedisinkurs for leger i kommunehelsetjenesten',
    type: 'course',
    owner: HENRIK,
    category: 'mandatory',
    host_name: 'Henrik Sætre og Bodø legevakt',
    target: 'Leger i legevakt (obligatorisk kurs)',
    description:
      'Obligatorisk kurs i akuttmedisin med simuleringstrening, i samarbeid med ambulansetjenesten.',
    cityCode: '1804',
    specialties: ['allmennmedisin', 'akutt-og-mottaksmedisin'],
    start: { days: 21, hour: 9 },
    duration_minutes: 120,
    status: 'approved',
    subscribers: [MARTIN],
  },
  {
    title: 'Ultralyd for allmennleger – grunnkurs',
    type: 'course',
    owner: THOMAS,
    company: 'akademiet-for-klinisk-praksis',
    category: 'clinical-update',
    host_name: 'Thomas Aasen, radiolog',
    target: 'Allmennleger',
    description: 'Praktisk kurs i fokusert ultralyd: abdomen, hjerte og lunger. Begrenset antall plasser.',
    cityCode: '5001',
    specialties: ['radiologi', 'allmennmedisin'],
    start: { days: 35, hour: 9 },
    duration_minutes: 120,
    status: 'approved',
    subscribers: [LEGE, SILJE, HENRIK],
  },
  {
    title: 'Ledelse for overleger',
    type: 'course',
    owner: ADMIN,
    category: 'leadership',
    host_name: 'Ingrid Berg',
    target: 'Overleger og seksjonsledere',
    description: 'Ledelse i klinikken: medarbeidersamtaler, turnus og konfliktløsning.',
    cityCode: '0301',
    specialties: [],
    start: { days: -20, hour: 9 },
    duration_minutes: 120,
    status: 'approved',
    subscribers: [KARI, OLA],
  },
  {
    title: 'Praktisk hudkirurgi på legekontoret',
    type: 'course',
    owner: LEGE,
    category: 'clinical-update',
    host_name: 'Anders Lie',
    target: 'Fastleger',
    description: 'Utkast: eksisjon av hudlesjoner, suturteknikk og histologisk oppfølging.',
    cityCode: '0301',
    specialties: ['allmennmedisin', 'hud-og-veneriske-sykdommer'],
    start: { days: 40, hour: 9 },
    duration_minutes: 120,
    status: 'draft',
    subscribers: [],
  },
  {
    title: 'Samtaleteknikk ved vanskelige beskjeder',
    type: 'webinar',
    owner: LEGE,
    category: 'communication',
    host_name: 'Anders Lie',
    target: 'Alle leger',
    description: 'Hvordan formidle alvorlige diagnoser på en god måte. Sendt til godkjenning.',
    specialties: ['allmennmedisin'],
    start: { days: 14, hour: 18 },
    duration_minutes: 60,
    status: 'submitted',
    subscribers: [],
  },
  {
    title: 'Reisemedisin og vaksiner',
    type: 'webinar',
    owner: SILJE,
    category: 'clinical-update',
    host_name: 'Silje Moen',
    target: 'Fastleger',
    description: 'Avlyst på grunn av sykdom.',
    specialties: ['allmennmedisin', 'infeksjonssykdommer'],
    start: { days: 9, hour: 18 },
    duration_minutes: 60,
    status: 'cancelled',
    subscribers: [],
  },
  {
    title: 'Lunsjmøte: nye blodfortynnende legemidler',
    type: 'lunch_meeting',
    owner: LEGE,
    company: 'demo-medisin',
    category: 'lunch-meeting',
    host_name: 'Demo Medisin AS',
    target: 'Leger ved medisinsk avdeling',
    description:
      'Program (30 min): 11.30 velkommen, 11.35 foredrag om direktevirkende antikoagulantia, 11.55 spørsmål. Møtet er i avdelingens møterom.',
    cityCode: '0301',
    specialties: ['indremedisin', 'hjertesykdommer'],
    start: { days: 3, hour: 11, minute: 30 },
    duration_minutes: 30,
    status: 'approved',
    max_attendees: 3,
    sponsor_name: 'Demo Medisin AS',
    food_served: true,
    audience: 'Leger og LIS ved avdelingen',
    address: 'Møterom 3, medisinsk avdeling',
    subscribers: [KARI, OLA, SILJE],
    waiting: [HENRIK, JONAS],
  },
  {
    title: 'Smågruppe allmennmedisin Oslo vest',
    type: 'small_group',
    owner: HANNE,
    category: 'clinical-update',
    host_name: 'Hanne Solberg',
    target: 'Fastleger i spesialisering',
    description: 'Lukket smågruppe som møtes seks ganger i året. Tema for neste møte: astma hos barn.',
    cityCode: '0301',
    specialties: ['allmennmedisin'],
    start: { days: 12, hour: 17 },
    duration_minutes: 120,
    status: 'approved',
    max_attendees: 8,
    credit_hours: 3,
    credit_approved_by: 'Den norske legeforening',
    subscribers: [LEGE, EMILIE, CAMILLA],
  },
  {
    title: 'Diabetes type 2 – opptak fra høstens webinar',
    type: 'webinar',
    owner: KARI,
    category: 'clinical-update',
    host_name: 'Kari Nordby',
    target: 'Fastleger',
    description: 'Opptak: ny behandlingsalgoritme for diabetes type 2, med spørsmål fra deltakerne.',
    specialties: ['allmennmedisin', 'endokrinologi'],
    start: { days: -10, hour: 18 },
    duration_minutes: 60,
    status: 'approved',
    embed_code: '<iframe src="https://player.vimeo.com/video/76979871" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>',
    credit_hours: 1,
    credit_approved_by: 'Den norske legeforening',
    subscribers: [LEGE, SILJE, ERIK],
  },
  {
    title: 'Kurs i kosthold og vektreduksjon',
    type: 'course',
    owner: LEGE,
    category: 'clinical-update',
    host_name: 'Anders Lie',
    target: 'Fastleger',
    description: 'Avvist: programmet og foreleserne mangler.',
    cityCode: '0301',
    specialties: ['allmennmedisin'],
    start: { days: 30, hour: 9 },
    duration_minutes: 90,
    status: 'rejected',
    moderation_reason: 'Programmet og foreleserne må beskrives før kurset kan godkjennes.',
    subscribers: [],
  },
];

export interface PetitionSeed {
  title: string;
  owner: string;
  category: string;
  summary: string;
  full_text: string;
  /** Stored status: an active petition past its end date reads as finished (decided when read). */
  status: 'draft' | 'active' | 'closed';
  visibility: 'open' | 'archived';
  /** Optional signature goal and the recipient the petition is addressed to. */
  goal?: number;
  recipient?: string;
  endDays: number;
  publishedDaysAgo: number | null;
  closedDaysAgo?: number;
  post_on_my_page: boolean;
  specialties: readonly string[];
  signers: readonly string[];
  bookmarkedBy: readonly string[];
  coAuthors: ReadonlyArray<{ name: string; title: string; email?: string }>;
  pressRelease?: { subject: string; body: string; sentDaysAgo: number };
}

export const PETITIONS: readonly PetitionSeed[] = [
  {
    title: 'Styrk fastlegeordningen i Oslo',
    recipient: 'Oslo kommune, helseetaten',
    goal: 200,
    owner: LEGE,
    category: 'gp-scheme',
    summary: 'Flere fastlegehjemler og bedre rammevilkår for fastleger i Oslo.',
    full_text:
      'Utkast. Vi ber Oslo kommune om å opprette flere fastlegehjemler, øke basistilskuddet og tilby fastlønn for nyutdannede fastleger.',
    status: 'draft',
    visibility: 'open',
    endDays: 60,
    publishedDaysAgo: null,
    post_on_my_page: false,
    specialties: ['allmennmedisin'],
    signers: [],
    bookmarkedBy: [],
    coAuthors: [],
  },
  {
    title: 'Forsvarlig arbeidstid for LIS-leger',
    recipient: 'Helse- og omsorgsdepartementet',
    goal: 10,
    owner: LEGE,
    category: 'working-conditions',
    summary:
      'LIS-leger må få arbeidsplaner som gir tid til utdanning, hvile og forsvarlig pasientbehandling.',
    full_text:
      'Mange leger i spesialisering arbeider langt utover avtalt arbeidstid. Vi krever at helseforetakene følger arbeidsmiljøloven, legger inn beskyttet utdanningstid i arbeidsplanene og rapporterer overtid åpent.',
    status: 'active',
    visibility: 'open',
    endDays: 20,
    publishedDaysAgo: 10,
    post_on_my_page: true,
    specialties: ['allmennmedisin', 'indremedisin', 'anestesiologi'],
    signers: [STUDENT, KARI, OLA, HANNE, JONAS, SILJE, THOMAS, NORA, MARTIN],
    bookmarkedBy: [STUDENT, JONAS],
    coAuthors: [
      { name: 'Jonas Strand', title: 'LIS i anestesiologi', email: JONAS },
      { name: 'Marte Olsen', title: 'Lege' },
    ],
  },
  {
    title: 'Bevar akuttkirurgien ved lokalsykehusene',
    recipient: 'Helse Sør-Øst RHF',
    goal: 500,
    owner: KARI,
    category: 'local-hospitals',
    summary:
      'Akuttkirurgisk beredskap må bestå ved lokalsykehus med lange avstander til nærmeste regionsykehus.',
    full_text:
      'Nedleggelse av akuttkirurgi gir lengre transporttid for alvorlig syke pasienter. Vi ber regjeringen sikre akuttkirurgisk beredskap ved lokalsykehusene.',
    status: 'active',
    visibility: 'open',
    endDays: 45,
    publishedDaysAgo: 5,
    post_on_my_page: true,
    specialties: ['generell-kirurgi', 'anestesiologi'],
    signers: [LEGE, HENRIK, CAMILLA, OLA],
    bookmarkedBy: [LEGE],
    coAuthors: [{ name: 'Henrik Sætre', title: 'Legevaktlege', email: HENRIK }],
  },
  {
    title: 'Nasjonal satsing på psykisk helse for unge',
    recipient: 'Helse- og omsorgsdepartementet',
    owner: HANNE,
    category: 'health-policy',
    summary: 'Ventetiden i BUP må ned, og flere psykiatere må utdannes i Nord-Norge.',
    full_text:
      'Vi ber om en nasjonal opptrappingsplan for psykisk helse for barn og unge, med øremerkede midler til utdanningsstillinger.',
    status: 'active',
    visibility: 'open',
    endDays: -3,
    publishedDaysAgo: 40,
    post_on_my_page: false,
    specialties: ['psykiatri', 'barne-og-ungdomspsykiatri'],
    signers: [LEGE, STUDENT, NORA, MARTIN, EMILIE, CAMILLA, KARI],
    bookmarkedBy: [],
    coAuthors: [{ name: 'Ragnhild Holm', title: 'Psykiater' }],
    pressRelease: {
      subject: 'Over 300 leger krever satsing på psykisk helse for unge',
      body: 'Et opprop fra leger i hele landet ble i dag overlevert helseministeren.',
      sentDaysAgo: 2,
    },
  },
  {
    title: 'Felles journalsystem i Midt-Norge',
    recipient: 'Helse Midt-Norge RHF',
    goal: 100,
    owner: OLA,
    category: 'patient-safety',
    summary: 'Innføringen av felles journalsystem må evalueres uavhengig før den fortsetter.',
    full_text:
      'Oppropet er avsluttet av initiativtakeren etter at helseforetaket varslet en uavhengig evaluering.',
    status: 'closed',
    visibility: 'open',
    endDays: 10,
    publishedDaysAgo: 25,
    closedDaysAgo: 2,
    post_on_my_page: false,
    specialties: [],
    signers: [MARTIN, EMILIE, LEGE],
    bookmarkedBy: [],
    coAuthors: [],
  },
  {
    title: 'Gratis parkering for nattevakter',
    recipient: 'Oslo universitetssykehus HF',
    owner: LEGE,
    category: 'working-conditions',
    summary: 'Ansatte som går nattevakt må få parkere gratis ved sykehusene.',
    full_text:
      'Kollektivtilbudet er dårlig om natten. Vi ber helseforetakene om gratis parkering for ansatte på nattevakt.',
    status: 'active',
    visibility: 'archived',
    endDays: -60,
    publishedDaysAgo: 100,
    post_on_my_page: false,
    specialties: [],
    signers: [JONAS, CAMILLA, NORA],
    bookmarkedBy: [],
    coAuthors: [],
  },
];

export interface PostSeed {
  slug: string;
  /** A user's e-mail, or `company:<slug>` (written by `by`, one of its managers). */
  author: string;
  by?: string;
  body: string;
  daysAgo: number;
  hour: number;
  archived?: boolean;
  sharesPetition?: string;
  sharesPost?: string;
  likes: readonly string[];
  comments: ReadonlyArray<{ by: string; body: string; minutesAfter: number }>;
}

export const POSTS: readonly PostSeed[] = [
  {
    slug: 'demo-medisin-velkommen',
    author: 'company:demo-medisin',
    by: LEGE,
    body: 'Velkommen til Demo Medisin AS på Legenett! Her deler vi nyheter om legemidler, webinarer og ledige stillinger. Følg siden for å få med deg neste webinar om antibiotikabruk i allmennpraksis.',
    daysAgo: 6,
    hour: 9,
    likes: [STUDENT, KARI, OLA, SILJE, HENRIK],
    comments: [
      { by: SILJE, body: 'Ser fram til webinaret!', minutesAfter: 45 },
      { by: STUDENT, body: 'Blir det opptak for oss som har praksis på dagtid?', minutesAfter: 120 },
      { by: LEGE, body: 'Ja, opptaket legges ut under Videoer etterpå.', minutesAfter: 150 },
    ],
  },
  {
    slug: 'anders-lie-legemiddelgjennomgang',
    author: LEGE,
    body: 'Brukte en time i dag på legemiddelgjennomgang for en pasient med 14 faste medisiner. Endte på 8. Det er fortsatt den mest verdifulle timen i uka. Hvordan får dere tid til dette i en travel hverdag?',
    daysAgo: 2,
    hour: 16,
    likes: [KARI, SILJE, HENRIK, NORA, MARTIN, ADMIN],
    comments: [
      { by: HENRIK, body: 'Vi har satt av faste tider hver fredag. Det hjelper.', minutesAfter: 30 },
      {
        by: KARI,
        body: 'Sykehusene burde sende med bedre oppdaterte medisinlister ved utskrivning.',
        minutesAfter: 90,
      },
      { by: MARTIN, body: 'Nyttig å lese som student – takk for at du deler.', minutesAfter: 200 },
    ],
  },
  {
    slug: 'anders-lie-vikar-takk',
    author: LEGE,
    body: 'Stor takk til alle som søkte på vikariatet i påsken. Stillingen er besatt, men følg med – vi trenger vikar i sommer også.',
    daysAgo: 18,
    hour: 12,
    likes: [STUDENT],
    comments: [],
  },
  {
    slug: 'anders-lie-gammelt-innlegg',
    author: LEGE,
    body: 'Husk at kontoret holder stengt i romjulen. Ved akutt sykdom, ring legevakten på 116 117.',
    daysAgo: 60,
    hour: 10,
    archived: true,
    likes: [],
    comments: [],
  },
  {
    slug: 'anders-lie-deler-lis-opprop',
    author: LEGE,
    body: 'Jeg har startet et opprop for forsvarlig arbeidstid for LIS-leger. Signer og del gjerne!',
    daysAgo: 9,
    hour: 20,
    sharesPetition: 'Forsvarlig arbeidstid for LIS-leger',
    likes: [JONAS, STUDENT, OLA, NORA],
    comments: [{ by: JONAS, body: 'Signert. Dette er helt nødvendig.', minutesAfter: 15 }],
  },
  {
    slug: 'kari-nordby-hjertesvikt-webinar',
    author: KARI,
    body: 'I dag holder jeg webinar om akutt hjertesvikt og de nye retningslinjene. Velkommen – det er fortsatt ledige plasser.',
    daysAgo: 1,
    hour: 8,
    likes: [LEGE, JONAS],
    comments: [{ by: LEGE, body: 'Meldt på!', minutesAfter: 20 }],
  },
  {
    slug: 'kari-nordby-deler-velkommen',
    author: KARI,
    body: 'Anbefaler webinarene fra Demo Medisin – godt faglig innhold.',
    daysAgo: 5,
    hour: 14,
    sharesPost: 'demo-medisin-velkommen',
    likes: [LEGE],
    comments: [],
  },
  {
    slug: 'ola-bakken-skulder',
    author: OLA,
    body: 'Ny studie: fysioterapi er like godt som kirurgi for mange med subakromiale smerter. Vi må bli flinkere til å velge riktige pasienter til operasjon.',
    daysAgo: 4,
    hour: 19,
    likes: [LEGE, THOMAS, EMILIE],
    comments: [
      {
        by: THOMAS,
        body: 'Enig. Vi ser mange MR-henvisninger som ikke endrer behandlingen.',
        minutesAfter: 60,
      },
    ],
  },
  {
    slug: 'hanne-solberg-opprop-avsluttet',
    author: HANNE,
    body: 'Oppropet for psykisk helse for unge er avsluttet og overlevert. Tusen takk til alle som signerte!',
    daysAgo: 2,
    hour: 11,
    likes: [LEGE, NORA, STUDENT, CAMILLA],
    comments: [],
  },
  {
    slug: 'sofie-haugen-praksis',
    author: STUDENT,
    body: 'Første dag i allmennpraksis i dag. Lærte mer på seks timer enn på en uke med forelesninger. Tips til en student som vil bruke praksisperioden godt?',
    daysAgo: 3,
    hour: 18,
    likes: [LEGE, SILJE, MARTIN],
    comments: [
      {
        by: SILJE,
        body: 'Be om å få ha egne konsultasjoner med veileder i rommet – og still mange spørsmål!',
        minutesAfter: 40,
      },
      { by: LEGE, body: 'Følg opp pasientene dine etterpå. Det gir best læring.', minutesAfter: 75 },
    ],
  },
  {
    slug: 'nordic-medtech-kols-opptak',
    author: 'company:nordic-medtech',
    by: ERIK,
    body: 'Opptaket fra webinaret om digital hjemmeoppfølging av KOLS ligger nå ute. Takk til alle som deltok!',
    daysAgo: 12,
    hour: 10,
    likes: [LEGE, THOMAS],
    comments: [{ by: LEGE, body: 'Veldig nyttig. Hvilke kommuner er med i neste pilot?', minutesAfter: 180 }],
  },
  {
    slug: 'legevikar-norge-finnmark',
    author: 'company:legevikar-norge',
    by: SILJE,
    body: 'Vi søker legevikarer til Hammerfest i fire uker. Reise og bolig dekkes – se stillingen under Jobber.',
    daysAgo: 3,
    hour: 8,
    likes: [HENRIK, MARTIN],
    comments: [],
  },
  {
    slug: 'fjordhelse-ansvarsforsikring',
    author: 'company:fjordhelse-forsikring',
    by: KARI,
    body: 'Visste du at legestudenter med lisens også bør ha ansvarsforsikring? Vi tilbyr gunstige vilkår for studenter.',
    daysAgo: 7,
    hour: 13,
    likes: [STUDENT],
    comments: [],
  },
  {
    slug: 'journalflyt-ny-versjon',
    author: 'company:journalflyt',
    by: OLA,
    body: 'Ny versjon av Journalflyt med strukturert legemiddelliste er ute på St. Olavs hospital. Tilbakemeldinger fra klinikerne er gull verdt!',
    daysAgo: 8,
    hour: 15,
    likes: [LEGE, EMILIE, MARTIN],
    comments: [{ by: EMILIE, body: 'Gleder meg til dette kommer til Oslo også.', minutesAfter: 300 }],
  },
  {
    slug: 'henrik-saetre-legevakt-natt',
    author: HENRIK,
    body: 'Rolig natt på legevakten i Bodø – sjelden vare. Takk til sykepleierne som holder hjulene i gang.',
    daysAgo: 1,
    hour: 7,
    likes: [LEGE, SILJE, JONAS],
    comments: [],
  },
];

export const USER_FOLLOWS: ReadonlyArray<readonly [follower: string, followed: string]> = [
  [STUDENT, LEGE],
  [KARI, LEGE],
  [OLA, LEGE],
  [SILJE, LEGE],
  [HENRIK, LEGE],
  [MARTIN, LEGE],
  [LEGE, KARI],
  [LEGE, NORA],
  [LEGE, HENRIK],
  [LEGE, HANNE],
  [LEGE, OLA],
  [STUDENT, KARI],
  [STUDENT, SILJE],
  [JONAS, KARI],
  [THOMAS, OLA],
  [EMILIE, OLA],
  [NORA, HANNE],
  [CAMILLA, HANNE],
  [MARTIN, HENRIK],
  [ADMIN, LEGE],
];

export interface MediaSeed {
  title: string;
  description: string;
  category: string;
  url: string;
  thumbnail: string;
  duration_seconds: number;
  /** Days ago; null = not yet published. */
  publishedDaysAgo: number | null;
  /** Who may open it besides the health-personnel rule; default all. */
  accessLevel?: 'all' | 'doctors';
}

export const VIDEOS: readonly MediaSeed[] = [
  {
    title: 'Akutt hjertesvikt – opptak fra webinaret',
    description: 'Opptak av webinaret med Kari Nordby.',
    category: 'webinar-recordings',
    url: '/media/videos/akutt-hjertesvikt.mp4',
    thumbnail: '/media/videos/akutt-hjertesvikt.jpg',
    duration_seconds: 5400,
    publishedDaysAgo: 1,
  },
  {
    title: 'Digital hjemmeoppfølging av KOLS',
    description: 'Opptak fra Nordic MedTech sitt webinar.',
    category: 'webinar-recordings',
    url: '/media/videos/kols-hjemmeoppfolging.mp4',
    thumbnail: '/media/videos/kols-hjemmeoppfolging.jpg',
    duration_seconds: 4980,
    publishedDaysAgo: 12,
  },
  {
    title: 'Suturteknikk for allmennleger',
    description: 'Steg-for-steg-gjennomgang av enkle og intrakutane suturer.',
    category: 'procedures',
    url: '/media/videos/suturteknikk.mp4',
    thumbnail: '/media/videos/suturteknikk.jpg',
    duration_seconds: 840,
    publishedDaysAgo: 20,
  },
  {
    title: 'Lumbalpunksjon',
    description: 'Indikasjoner, kontraindikasjoner og praktisk gjennomføring.',
    category: 'procedures',
    url: '/media/videos/lumbalpunksjon.mp4',
    thumbnail: '/media/videos/lumbalpunksjon.jpg',
    duration_seconds: 660,
    publishedDaysAgo: 35,
    accessLevel: 'doctors',
  },
  {
    title: 'EKG-tolkning på 10 minutter',
    description: 'Systematisk tolkning av EKG for LIS1.',
    category: 'lectures',
    url: '/media/videos/ekg-tolkning.mp4',
    thumbnail: '/media/videos/ekg-tolkning.jpg',
    duration_seconds: 600,
    publishedDaysAgo: 50,
  },
  {
    title: 'Intervju: Et liv som distriktslege i Finnmark',
    description: 'Vi møter en fastlege som har jobbet 30 år i Vardø.',
    category: 'interviews',
    url: '/media/videos/distriktslege-finnmark.mp4',
    thumbnail: '/media/videos/distriktslege-finnmark.jpg',
    duration_seconds: 1500,
    publishedDaysAgo: 8,
  },
  {
    title: 'Legenett-TV: Ukens fagnytt',
    description: 'Nyheter fra medisinen denne uken.',
    category: 'tv',
    url: '/media/videos/ukens-fagnytt.mp4',
    thumbnail: '/media/videos/ukens-fagnytt.jpg',
    duration_seconds: 1200,
    publishedDaysAgo: 3,
  },
  {
    title: 'Legenett-TV: Neste ukes fagnytt',
    description: 'Publiseres neste uke.',
    category: 'tv',
    url: '/media/videos/neste-ukes-fagnytt.mp4',
    thumbnail: '/media/videos/neste-ukes-fagnytt.jpg',
    duration_seconds: 1200,
    publishedDaysAgo: null,
  },
];

export const AUDIO: readonly MediaSeed[] = [
  {
    title: 'Legepodden: Antibiotikaresistens',
    description: 'Samtale om resistensutvikling og hva allmennleger kan gjøre.',
    category: 'podcast',
    url: '/media/audio/antibiotikaresistens.mp3',
    thumbnail: '/media/audio/legepodden.jpg',
    duration_seconds: 2700,
    publishedDaysAgo: 4,
  },
  {
    title: 'Legepodden: Å være ny LIS1',
    description: 'Tre LIS1-leger forteller om første måned i sykehus.',
    category: 'podcast',
    url: '/media/audio/ny-lis1.mp3',
    thumbnail: '/media/audio/legepodden.jpg',
    duration_seconds: 3100,
    publishedDaysAgo: 18,
  },
  {
    title: 'Forelesning: Diabetes type 2 i allmennpraksis',
    description: 'Lydopptak fra lunsjmøtet.',
    category: 'lectures',
    url: '/media/audio/diabetes-type-2.mp3',
    thumbnail: '/media/audio/forelesning.jpg',
    duration_seconds: 1800,
    publishedDaysAgo: 9,
  },
  {
    title: 'Intervju: Psykiatri i nord',
    description: 'Hanne Solberg om rekruttering av psykiatere til Nord-Norge.',
    category: 'interviews',
    url: '/media/audio/psykiatri-i-nord.mp3',
    thumbnail: '/media/audio/intervju.jpg',
    duration_seconds: 1500,
    publishedDaysAgo: 26,
  },
  {
    title: 'Fagnytt: Nye retningslinjer for hjertesvikt',
    description: 'Kort oppsummering av de viktigste endringene.',
    category: 'news',
    url: '/media/audio/fagnytt-hjertesvikt.mp3',
    thumbnail: '/media/audio/fagnytt.jpg',
    duration_seconds: 600,
    publishedDaysAgo: 2,
  },
];

export interface ExperienceSeed {
  email: string;
  position: string;
  employer: string;
  field_of_work: string;
  workplace_type: 'hospital' | 'general_practice' | 'other';
  hospitalCode?: string;
  clinicCode?: string;
  cityCode: string;
  started_at: string;
  finished_at: string | null;
}

export const EXPERIENCES: readonly ExperienceSeed[] = [
  {
    email: LEGE,
    position: 'Fastlege',
    employer: 'Majorstuen legesenter',
    field_of_work: 'Allmennmedisin',
    workplace_type: 'general_practice',
    clinicCode: 'oslo-majorstuen-legesenter',
    cityCode: '0301',
    started_at: '2016-08-01',
    finished_at: null,
  },
  {
    email: LEGE,
    position: 'LIS',
    employer: 'Oslo universitetssykehus HF',
    field_of_work: 'Indremedisin',
    workplace_type: 'hospital',
    hospitalCode: 'ous-ulleval',
    cityCode: '0301',
    started_at: '2012-09-01',
    finished_at: '2016-06-30',
  },
  {
    email: LEGE,
    position: 'Turnuslege',
    employer: 'Sykehuset Innlandet HF',
    field_of_work: 'Turnus',
    workplace_type: 'hospital',
    hospitalCode: 'si-lillehammer',
    cityCode: '3405',
    started_at: '2010-09-01',
    finished_at: '2012-02-29',
  },
  {
    email: KARI,
    position: 'Overlege',
    employer: 'Helse Bergen HF',
    field_of_work: 'Kardiologi',
    workplace_type: 'hospital',
    hospitalCode: 'hb-haukeland',
    cityCode: '4601',
    started_at: '2008-01-01',
    finished_at: null,
  },
  {
    email: STUDENT,
    position: 'Sommervikar',
    employer: 'Oslo kommune, sykehjemsetaten',
    field_of_work: 'Geriatri',
    workplace_type: 'other',
    cityCode: '0301',
    started_at: '2024-06-15',
    finished_at: '2024-08-15',
  },
  {
    email: HENRIK,
    position: 'Legevaktlege',
    employer: 'Bodø kommune',
    field_of_work: 'Akuttmedisin',
    workplace_type: 'other',
    clinicCode: 'bodo-legevakt',
    cityCode: '1804',
    started_at: '2017-01-01',
    finished_at: null,
  },
];

export interface EducationSeed {
  email: string;
  university: string;
  field: string;
  level: string;
  started_at: string;
  graduated_at: string | null;
  currently_studying: boolean;
  doctorate: boolean;
}

export const EDUCATIONS: readonly EducationSeed[] = [
  {
    email: LEGE,
    university: 'uio',
    field: 'medicine',
    level: 'cand-med',
    started_at: '2004-08-15',
    graduated_at: '2010-06-20',
    currently_studying: false,
    doctorate: false,
  },
  {
    email: KARI,
    university: 'uib',
    field: 'medicine',
    level: 'cand-med',
    started_at: '1991-08-15',
    graduated_at: '1997-06-20',
    currently_studying: false,
    doctorate: false,
  },
  {
    email: KARI,
    university: 'uib',
    field: 'medicine',
    level: 'phd',
    started_at: '2001-01-01',
    graduated_at: '2005-12-01',
    currently_studying: false,
    doctorate: true,
  },
  {
    email: STUDENT,
    university: 'uio',
    field: 'medicine',
    level: 'cand-med',
    started_at: '2021-08-15',
    graduated_at: null,
    currently_studying: true,
    doctorate: false,
  },
  {
    email: MARTIN,
    university: 'ntnu',
    field: 'medicine',
    level: 'cand-med',
    started_at: '2020-08-15',
    graduated_at: null,
    currently_studying: true,
    doctorate: false,
  },
  {
    email: 'review@demo.no',
    university: 'gumed',
    field: 'medicine',
    level: 'cand-med',
    started_at: '2012-10-01',
    graduated_at: '2018-06-30',
    currently_studying: false,
    doctorate: false,
  },
  {
    email: EMILIE,
    university: 'uio',
    field: 'medicine',
    level: 'phd',
    started_at: '2010-01-01',
    graduated_at: '2014-06-01',
    currently_studying: false,
    doctorate: true,
  },
];
