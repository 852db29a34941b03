import { type Names, names, same } from './types';

export interface HospitalSeed {
  code: string;
  name: Names;
  /** The health trust (helseforetak) or, for private non-profit hospitals, the owner with an agreement. */
  health_trust: string;
  /** Municipality number of the city it is in. */
  cityCode: string;
}

const h = (code: string, name: Names, health_trust: string, cityCode: string): HospitalSeed => ({
  code,
  name,
  health_trust,
  cityCode,
});

/** Hospitals of the four regional health authorities' trusts, plus the larger non-profit hospitals. */
export const HOSPITALS: readonly HospitalSeed[] = [
  // Helse Sør-Øst
  h(
    'ous-rikshospitalet',
    same('Oslo universitetssykehus, Rikshospitalet'),
    'Oslo universitetssykehus HF',
    '0301',
  ),
  h('ous-ulleval', same('Oslo universitetssykehus, Ullevål'), 'Oslo universitetssykehus HF', '0301'),
  h(
    'ous-radiumhospitalet',
    same('Oslo universitetssykehus, Radiumhospitalet'),
    'Oslo universitetssykehus HF',
    '0301',
  ),
  h('ous-aker', same('Oslo universitetssykehus, Aker'), 'Oslo universitetssykehus HF', '0301'),
  h('lovisenberg', same('Lovisenberg Diakonale Sykehus'), 'Lovisenberg Diakonale Sykehus AS', '0301'),
  h('diakonhjemmet', same('Diakonhjemmet Sykehus'), 'Diakonhjemmet Sykehus AS', '0301'),
  h(
    'ahus-nordbyhagen',
    names('Akershus universitetssykehus, Nordbyhagen', 'Akershus University Hospital, Nordbyhagen'),
    'Akershus universitetssykehus HF',
    '3222',
  ),
  h(
    'ahus-kongsvinger',
    names('Akershus universitetssykehus, Kongsvinger', 'Akershus University Hospital, Kongsvinger'),
    'Akershus universitetssykehus HF',
    '3401',
  ),
  h('martina-hansens', same('Martina Hansens Hospital'), 'Martina Hansens Hospital AS', '3201'),
  h(
    'so-kalnes',
    names('Sykehuset Østfold Kalnes', 'Østfold Hospital Kalnes'),
    'Sykehuset Østfold HF',
    '3105',
  ),
  h('so-moss', names('Sykehuset Østfold Moss', 'Østfold Hospital Moss'), 'Sykehuset Østfold HF', '3103'),
  h('vv-drammen', names('Drammen sykehus', 'Drammen Hospital'), 'Vestre Viken HF', '3301'),
  h('vv-baerum', names('Bærum sykehus', 'Bærum Hospital'), 'Vestre Viken HF', '3201'),
  h('vv-ringerike', names('Ringerike sykehus', 'Ringerike Hospital'), 'Vestre Viken HF', '3305'),
  h('vv-kongsberg', names('Kongsberg sykehus', 'Kongsberg Hospital'), 'Vestre Viken HF', '3303'),
  h(
    'si-hamar',
    names('Sykehuset Innlandet Hamar', 'Innlandet Hospital Hamar'),
    'Sykehuset Innlandet HF',
    '3403',
  ),
  h(
    'si-lillehammer',
    names('Sykehuset Innlandet Lillehammer', 'Innlandet Hospital Lillehammer'),
    'Sykehuset Innlandet HF',
    '3405',
  ),
  h(
    'si-gjovik',
    names('Sykehuset Innlandet Gjøvik', 'Innlandet Hospital Gjøvik'),
    'Sykehuset Innlandet HF',
    '3407',
  ),
  h(
    'si-elverum',
    names('Sykehuset Innlandet Elverum', 'Innlandet Hospital Elverum'),
    'Sykehuset Innlandet HF',
    '3420',
  ),
  h(
    'si-tynset',
    names('Sykehuset Innlandet Tynset', 'Innlandet Hospital Tynset'),
    'Sykehuset Innlandet HF',
    '3427',
  ),
  h(
    'siv-tonsberg',
    names('Sykehuset i Vestfold, Tønsberg', 'Vestfold Hospital, Tønsberg'),
    'Sykehuset i Vestfold HF',
    '3905',
  ),
  h(
    'siv-larvik',
    names('Sykehuset i Vestfold, Larvik', 'Vestfold Hospital, Larvik'),
    'Sykehuset i Vestfold HF',
    '3909',
  ),
  h(
    'st-skien',
    names('Sykehuset Telemark, Skien', 'Telemark Hospital, Skien'),
    'Sykehuset Telemark HF',
    '4003',
  ),
  h(
    'st-notodden',
    names('Sykehuset Telemark, Notodden', 'Telemark Hospital, Notodden'),
    'Sykehuset Telemark HF',
    '4005',
  ),
  h(
    'sshf-kristiansand',
    names('Sørlandet sykehus Kristiansand', 'Sørlandet Hospital Kristiansand'),
    'Sørlandet sykehus HF',
    '4204',
  ),
  h(
    'sshf-arendal',
    names('Sørlandet sykehus Arendal', 'Sørlandet Hospital Arendal'),
    'Sørlandet sykehus HF',
    '4203',
  ),
  h(
    'sshf-flekkefjord',
    names('Sørlandet sykehus Flekkefjord', 'Sørlandet Hospital Flekkefjord'),
    'Sørlandet sykehus HF',
    '4207',
  ),
  // Helse Vest
  h(
    'hb-haukeland',
    names('Haukeland universitetssjukehus', 'Haukeland University Hospital'),
    'Helse Bergen HF',
    '4601',
  ),
  h(
    'haraldsplass',
    names('Haraldsplass Diakonale Sykehus', 'Haraldsplass Deaconess Hospital'),
    'Haraldsplass Diakonale Sykehus AS',
    '4601',
  ),
  h(
    'hs-sus',
    names('Stavanger universitetssjukehus', 'Stavanger University Hospital'),
    'Helse Stavanger HF',
    '1103',
  ),
  h('hf-haugesund', names('Haugesund sjukehus', 'Haugesund Hospital'), 'Helse Fonna HF', '1106'),
  h('hf-stord', names('Stord sjukehus', 'Stord Hospital'), 'Helse Fonna HF', '4614'),
  h('hfd-forde', names('Førde sentralsjukehus', 'Førde Central Hospital'), 'Helse Førde HF', '4647'),
  h('hfd-nordfjord', names('Nordfjord sjukehus', 'Nordfjord Hospital'), 'Helse Førde HF', '4649'),
  h('hfd-laerdal', names('Lærdal sjukehus', 'Lærdal Hospital'), 'Helse Førde HF', '4642'),
  // Helse Midt-Norge
  h(
    'stolav-trondheim',
    names('St. Olavs hospital, Øya', 'St. Olav’s University Hospital, Øya'),
    'St. Olavs hospital HF',
    '5001',
  ),
  h(
    'stolav-orkdal',
    names('St. Olavs hospital, Orkdal sjukehus', 'St. Olav’s Hospital, Orkdal'),
    'St. Olavs hospital HF',
    '5059',
  ),
  h(
    'stolav-roros',
    names('St. Olavs hospital, Røros sykehus', 'St. Olav’s Hospital, Røros'),
    'St. Olavs hospital HF',
    '5025',
  ),
  h('hnt-levanger', names('Sykehuset Levanger', 'Levanger Hospital'), 'Helse Nord-Trøndelag HF', '5037'),
  h('hnt-namsos', names('Sykehuset Namsos', 'Namsos Hospital'), 'Helse Nord-Trøndelag HF', '5007'),
  h('hmr-alesund', names('Ålesund sjukehus', 'Ålesund Hospital'), 'Helse Møre og Romsdal HF', '1508'),
  h('hmr-molde', names('Molde sjukehus', 'Molde Hospital'), 'Helse Møre og Romsdal HF', '1506'),
  h(
    'hmr-kristiansund',
    names('Kristiansund sjukehus', 'Kristiansund Hospital'),
    'Helse Møre og Romsdal HF',
    '1505',
  ),
  h('hmr-volda', names('Volda sjukehus', 'Volda Hospital'), 'Helse Møre og Romsdal HF', '1577'),
  // Helse Nord
  h(
    'unn-tromso',
    names('Universitetssykehuset Nord-Norge, Tromsø', 'University Hospital of North Norway, Tromsø'),
    'Universitetssykehuset Nord-Norge HF',
    '5501',
  ),
  h(
    'unn-harstad',
    names('Universitetssykehuset Nord-Norge, Harstad', 'University Hospital of North Norway, Harstad'),
    'Universitetssykehuset Nord-Norge HF',
    '5503',
  ),
  h(
    'unn-narvik',
    names('Universitetssykehuset Nord-Norge, Narvik', 'University Hospital of North Norway, Narvik'),
    'Universitetssykehuset Nord-Norge HF',
    '1806',
  ),
  h('nlsh-bodo', names('Nordlandssykehuset Bodø', 'Nordland Hospital Bodø'), 'Nordlandssykehuset HF', '1804'),
  h(
    'nlsh-vesteralen',
    names('Nordlandssykehuset Vesterålen', 'Nordland Hospital Vesterålen'),
    'Nordlandssykehuset HF',
    '1866',
  ),
  h(
    'nlsh-lofoten',
    names('Nordlandssykehuset Lofoten', 'Nordland Hospital Lofoten'),
    'Nordlandssykehuset HF',
    '1860',
  ),
  h(
    'hsyk-mo-i-rana',
    names('Helgelandssykehuset Mo i Rana', 'Helgeland Hospital Mo i Rana'),
    'Helgelandssykehuset HF',
    '1833',
  ),
  h(
    'hsyk-mosjoen',
    names('Helgelandssykehuset Mosjøen', 'Helgeland Hospital Mosjøen'),
    'Helgelandssykehuset HF',
    '1824',
  ),
  h(
    'hsyk-sandnessjoen',
    names('Helgelandssykehuset Sandnessjøen', 'Helgeland Hospital Sandnessjøen'),
    'Helgelandssykehuset HF',
    '1820',
  ),
  h(
    'fin-hammerfest',
    names('Finnmarkssykehuset Hammerfest', 'Finnmark Hospital Hammerfest'),
    'Finnmarkssykehuset HF',
    '5603',
  ),
  h(
    'fin-kirkenes',
    names('Finnmarkssykehuset Kirkenes', 'Finnmark Hospital Kirkenes'),
    'Finnmarkssykehuset HF',
    '5605',
  ),
];

export interface DepartmentSeed {
  /** Suffix of the code; the full code is `${clinic code}-${suffix}`. */
  suffix: string;
  name: Names;
}

export interface HospitalClinicTemplate {
  suffix: string;
  name: Names;
  departments: readonly DepartmentSeed[];
}

const d = (suffix: string, no: string, en: string): DepartmentSeed => ({ suffix, name: names(no, en) });

/** The clinic (klinikk) structure common to the larger Norwegian hospitals. */
export const CLINIC_TEMPLATES: Readonly<Record<string, HospitalClinicTemplate>> = {
  med: {
    suffix: 'med',
    name: names('Medisinsk klinikk', 'Medical Clinic'),
    departments: [
      d('kard', 'Kardiologisk avdeling', 'Department of Cardiology'),
      d('gastro', 'Gastromedisinsk avdeling', 'Department of Gastroenterology'),
      d('lunge', 'Lungemedisinsk avdeling', 'Department of Respiratory Medicine'),
      d('endo', 'Endokrinologisk avdeling', 'Department of Endocrinology'),
      d('nyre', 'Nyremedisinsk avdeling', 'Department of Nephrology'),
      d('infek', 'Infeksjonsmedisinsk avdeling', 'Department of Infectious Diseases'),
      d('geri', 'Geriatrisk avdeling', 'Department of Geriatric Medicine'),
      d('hema', 'Hematologisk avdeling', 'Department of Haematology'),
    ],
  },
  kir: {
    suffix: 'kir',
    name: names('Kirurgisk klinikk', 'Surgical Clinic'),
    departments: [
      d('gastrokir', 'Gastrokirurgisk avdeling', 'Department of Gastrointestinal Surgery'),
      d('karkir', 'Karkirurgisk avdeling', 'Department of Vascular Surgery'),
      d('uro', 'Urologisk avdeling', 'Department of Urology'),
      d('bryst', 'Bryst- og endokrinkirurgisk avdeling', 'Department of Breast and Endocrine Surgery'),
      d('plastikk', 'Plastikkirurgisk avdeling', 'Department of Plastic Surgery'),
    ],
  },
  orto: {
    suffix: 'orto',
    name: names('Ortopedisk klinikk', 'Orthopaedic Clinic'),
    departments: [
      d('orto', 'Ortopedisk avdeling', 'Department of Orthopaedic Surgery'),
      d('traume', 'Ortopedisk traumeavdeling', 'Department of Orthopaedic Trauma'),
    ],
  },
  akutt: {
    suffix: 'akutt',
    name: names('Akuttklinikken', 'Division of Emergencies and Critical Care'),
    departments: [
      d('anest', 'Anestesiavdeling', 'Department of Anaesthesiology'),
      d('intensiv', 'Intensivavdeling', 'Intensive Care Unit'),
      d('akuttmottak', 'Akuttmottak', 'Emergency Department'),
      d('prehosp', 'Prehospital avdeling', 'Department of Pre-hospital Services'),
    ],
  },
  kvb: {
    suffix: 'kvb',
    name: names('Kvinne- og barneklinikken', 'Women and Children’s Division'),
    departments: [
      d('gyn', 'Gynekologisk avdeling', 'Department of Gynaecology'),
      d('fode', 'Fødeavdeling', 'Department of Obstetrics'),
      d('barn', 'Barne- og ungdomsavdeling', 'Department of Paediatrics'),
      d('nyfodt', 'Nyfødtintensiv', 'Neonatal Intensive Care Unit'),
    ],
  },
  psyk: {
    suffix: 'psyk',
    name: names('Klinikk psykisk helse og avhengighet', 'Division of Mental Health and Addiction'),
    departments: [
      d('akuttpsyk', 'Akuttpsykiatrisk avdeling', 'Department of Acute Psychiatry'),
      d('dps', 'Distriktspsykiatrisk senter', 'Community Mental Health Centre'),
      d('bup', 'Barne- og ungdomspsykiatrisk avdeling', 'Department of Child and Adolescent Psychiatry'),
      d('rus', 'Avdeling for rus og avhengighet', 'Department of Addiction Medicine'),
    ],
  },
  nevro: {
    suffix: 'nevro',
    name: names('Nevroklinikken', 'Neuroclinic'),
    departments: [
      d('nevrologi', 'Nevrologisk avdeling', 'Department of Neurology'),
      d('nevrokir', 'Nevrokirurgisk avdeling', 'Department of Neurosurgery'),
      d('slag', 'Slagenhet', 'Stroke Unit'),
    ],
  },
  kreft: {
    suffix: 'kreft',
    name: names('Kreftklinikken', 'Cancer Clinic'),
    departments: [
      d('onko', 'Onkologisk avdeling', 'Department of Oncology'),
      d('straale', 'Stråleterapi', 'Radiotherapy'),
      d('palliativ', 'Palliativ enhet', 'Palliative Care Unit'),
    ],
  },
  hjerte: {
    suffix: 'hjerte',
    name: names('Hjerte-, lunge- og karklinikken', 'Heart, Lung and Vascular Clinic'),
    departments: [
      d('thorax', 'Thoraxkirurgisk avdeling', 'Department of Cardiothoracic Surgery'),
      d('kardiologi', 'Kardiologisk avdeling', 'Department of Cardiology'),
    ],
  },
  diag: {
    suffix: 'diag',
    name: names(
      'Klinikk for bildediagnostikk og laboratoriemedisin',
      'Division of Diagnostics and Laboratory Medicine',
    ),
    departments: [
      d('radio', 'Radiologisk avdeling', 'Department of Radiology'),
      d('patologi', 'Avdeling for patologi', 'Department of Pathology'),
      d('mikro', 'Avdeling for mikrobiologi', 'Department of Microbiology'),
      d('biokjemi', 'Avdeling for medisinsk biokjemi', 'Department of Medical Biochemistry'),
    ],
  },
  hode: {
    suffix: 'hode',
    name: names('Hode-halsklinikken', 'Head and Neck Clinic'),
    departments: [
      d('onh', 'Øre-nese-hals-avdeling', 'Department of Otorhinolaryngology'),
      d('oye', 'Øyeavdeling', 'Department of Ophthalmology'),
      d('kjeve', 'Kjevekirurgisk avdeling', 'Department of Maxillofacial Surgery'),
    ],
  },
};

/** Which clinics each main hospital has (codes of CLINIC_TEMPLATES). */
export const HOSPITAL_CLINICS: Readonly<Record<string, readonly string[]>> = {
  'ous-rikshospitalet': ['med', 'kir', 'akutt', 'kvb', 'nevro', 'hjerte', 'diag', 'hode'],
  'ous-ulleval': ['med', 'kir', 'orto', 'akutt', 'kvb', 'psyk', 'diag'],
  'ous-radiumhospitalet': ['kreft', 'kir', 'diag'],
  'ous-aker': ['med', 'orto', 'psyk'],
  'ahus-nordbyhagen': ['med', 'kir', 'orto', 'akutt', 'kvb', 'psyk', 'diag'],
  'hb-haukeland': ['med', 'kir', 'orto', 'akutt', 'kvb', 'psyk', 'nevro', 'kreft', 'hjerte', 'diag', 'hode'],
  'hs-sus': ['med', 'kir', 'orto', 'akutt', 'kvb', 'psyk', 'nevro', 'diag'],
  'stolav-trondheim': [
    'med',
    'kir',
    'orto',
    'akutt',
    'kvb',
    'psyk',
    'nevro',
    'kreft',
    'hjerte',
    'diag',
    'hode',
  ],
  'unn-tromso': ['med', 'kir', 'orto', 'akutt', 'kvb', 'psyk', 'nevro', 'kreft', 'diag'],
  'nlsh-bodo': ['med', 'kir', 'akutt', 'kvb', 'psyk'],
  'sshf-kristiansand': ['med', 'kir', 'akutt', 'kvb', 'psyk'],
  'sshf-arendal': ['med', 'kir', 'akutt'],
  'vv-drammen': ['med', 'kir', 'akutt', 'kvb', 'psyk'],
  'vv-baerum': ['med', 'kir', 'akutt'],
  'so-kalnes': ['med', 'kir', 'akutt', 'kvb', 'psyk'],
  'siv-tonsberg': ['med', 'kir', 'akutt', 'kvb', 'psyk'],
  'st-skien': ['med', 'kir', 'akutt', 'kvb'],
  'si-lillehammer': ['med', 'kir', 'akutt', 'kvb'],
  'hmr-alesund': ['med', 'kir', 'akutt', 'kvb'],
  lovisenberg: ['med', 'kir', 'psyk'],
  diakonhjemmet: ['med', 'psyk', 'diag'],
};
