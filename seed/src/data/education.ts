import { type CodedName, type Names, names, same } from './types';

const n = (code: string, no: string, en: string): CodedName => ({ code, name: names(no, en) });

/** Fields of study (studieretninger) relevant to health professionals. */
export const UNIVERSITY_SPECIALTIES: readonly CodedName[] = [
  n('medicine', 'Medisin', 'Medicine'),
  n('nursing', 'Sykepleie', 'Nursing'),
  n('dentistry', 'Odontologi', 'Dentistry'),
  n('psychology', 'Psykologi', 'Psychology'),
  n('pharmacy', 'Farmasi', 'Pharmacy'),
  n('physiotherapy', 'Fysioterapi', 'Physiotherapy'),
  n('occupational-therapy', 'Ergoterapi', 'Occupational therapy'),
  n('midwifery', 'Jordmorfag', 'Midwifery'),
  n('radiography', 'Radiografi', 'Radiography'),
  n('biomedical-laboratory-science', 'Bioingeniørfag', 'Biomedical laboratory science'),
  n('paramedic-science', 'Paramedisin', 'Paramedic science'),
  n('nutrition', 'Klinisk ernæring', 'Clinical nutrition'),
  n('public-health', 'Folkehelsevitenskap', 'Public health'),
  n('health-management', 'Helseledelse og helseøkonomi', 'Health management and health economics'),
  n('molecular-medicine', 'Molekylærmedisin', 'Molecular medicine'),
  n('optometry', 'Optometri', 'Optometry'),
  n('audiology', 'Audiologi', 'Audiology'),
  n('dental-hygiene', 'Tannpleie', 'Dental hygiene'),
];

export interface UniversitySeed {
  code: string;
  /** ISO 3166-1 alpha-2. */
  country_code: string;
  name: Names;
}

const u = (code: string, country_code: string, name: Names): UniversitySeed => ({ code, country_code, name });

/** Norwegian universities and the foreign ones where Norwegian medical students most often study. */
export const UNIVERSITIES: readonly UniversitySeed[] = [
  // Norway
  u('uio', 'NO', names('Universitetet i Oslo', 'University of Oslo')),
  u('uib', 'NO', names('Universitetet i Bergen', 'University of Bergen')),
  u(
    'ntnu',
    'NO',
    names(
      'Norges teknisk-naturvitenskapelige universitet (NTNU)',
      'Norwegian University of Science and Technology (NTNU)',
    ),
  ),
  u('uit', 'NO', names('UiT Norges arktiske universitet', 'UiT The Arctic University of Norway')),
  u('uis', 'NO', names('Universitetet i Stavanger', 'University of Stavanger')),
  u('uia', 'NO', names('Universitetet i Agder', 'University of Agder')),
  u('oslomet', 'NO', names('OsloMet – storbyuniversitetet', 'OsloMet – Oslo Metropolitan University')),
  u('nord', 'NO', names('Nord universitet', 'Nord University')),
  u('usn', 'NO', names('Universitetet i Sørøst-Norge', 'University of South-Eastern Norway')),
  u('hvl', 'NO', names('Høgskulen på Vestlandet', 'Western Norway University of Applied Sciences')),
  u('inn', 'NO', names('Høgskolen i Innlandet', 'Inland Norway University of Applied Sciences')),
  u('vid', 'NO', names('VID vitenskapelige høgskole', 'VID Specialized University')),
  // Hungary
  u('semmelweis', 'HU', names('Semmelweis-universitetet', 'Semmelweis University')),
  u('debrecen', 'HU', names('Universitetet i Debrecen', 'University of Debrecen')),
  u('pecs', 'HU', names('Universitetet i Pécs', 'University of Pécs')),
  u('szeged', 'HU', names('Universitetet i Szeged', 'University of Szeged')),
  // Poland
  u('jagiellonian', 'PL', names('Jagellonske universitet, Kraków', 'Jagiellonian University, Kraków')),
  u('wum', 'PL', names('Det medisinske universitetet i Warszawa', 'Medical University of Warsaw')),
  u('gumed', 'PL', names('Det medisinske universitetet i Gdańsk', 'Medical University of Gdańsk')),
  u('umed-lodz', 'PL', names('Det medisinske universitetet i Łódź', 'Medical University of Łódź')),
  u(
    'pum-szczecin',
    'PL',
    names('Pommerske medisinske universitet, Szczecin', 'Pomeranian Medical University, Szczecin'),
  ),
  u('umw-wroclaw', 'PL', names('Det medisinske universitetet i Wrocław', 'Wroclaw Medical University')),
  u(
    'ump-poznan',
    'PL',
    names('Det medisinske universitetet i Poznań', 'Poznan University of Medical Sciences'),
  ),
  // Czechia and Slovakia
  u('charles', 'CZ', names('Karlsuniversitetet, Praha', 'Charles University, Prague')),
  u('masaryk', 'CZ', names('Masaryk-universitetet, Brno', 'Masaryk University, Brno')),
  u('comenius', 'SK', names('Comenius-universitetet, Bratislava', 'Comenius University, Bratislava')),
  u(
    'upjs-kosice',
    'SK',
    names('Pavol Jozef Šafárik-universitetet, Košice', 'Pavol Jozef Šafárik University, Košice'),
  ),
  // Nordic
  u('ku', 'DK', names('Københavns Universitet', 'University of Copenhagen')),
  u('au', 'DK', names('Aarhus Universitet', 'Aarhus University')),
  u('sdu', 'DK', names('Syddansk Universitet', 'University of Southern Denmark')),
  u('karolinska', 'SE', names('Karolinska Institutet', 'Karolinska Institutet')),
  u('lund', 'SE', names('Lunds universitet', 'Lund University')),
  u('uppsala', 'SE', names('Uppsala universitet', 'Uppsala University')),
  u('gu', 'SE', names('Göteborgs universitet', 'University of Gothenburg')),
  u('helsinki', 'FI', names('Helsingfors universitet', 'University of Helsinki')),
  u('ui-iceland', 'IS', names('Islands universitet', 'University of Iceland')),
  // Baltics
  u('rsu', 'LV', names('Riga Stradiņš universitet', 'Rīga Stradiņš University')),
  u('vilnius', 'LT', names('Vilnius universitet', 'Vilnius University')),
  u(
    'lsmu',
    'LT',
    names(
      'Litauens helsevitenskapelige universitet, Kaunas',
      'Lithuanian University of Health Sciences, Kaunas',
    ),
  ),
  u('tartu', 'EE', names('Universitetet i Tartu', 'University of Tartu')),
  // Ireland and the United Kingdom
  u('ucd', 'IE', same('University College Dublin')),
  u('rcsi', 'IE', same('Royal College of Surgeons in Ireland')),
  u('tcd', 'IE', same('Trinity College Dublin')),
  u('newcastle', 'GB', same('Newcastle University')),
  u('glasgow', 'GB', same('University of Glasgow')),
  u('aberdeen', 'GB', same('University of Aberdeen')),
  u('edinburgh', 'GB', same('University of Edinburgh')),
  u('dundee', 'GB', same('University of Dundee')),
  // Elsewhere
  u('heidelberg', 'DE', names('Universitetet i Heidelberg', 'Heidelberg University')),
  u('lmu', 'DE', names('Ludwig-Maximilians-Universität München', 'LMU Munich')),
  u('sofia-mu', 'BG', names('Det medisinske universitetet i Sofia', 'Medical University of Sofia')),
  u('sydney', 'AU', same('University of Sydney')),
];

export interface AcademicLevelSeed extends CodedName {
  sort_order: number;
}

export const ACADEMIC_LEVELS: readonly AcademicLevelSeed[] = [
  { code: 'bachelor', sort_order: 10, name: names('Bachelor', 'Bachelor’s degree') },
  { code: 'master', sort_order: 20, name: names('Master', 'Master’s degree') },
  { code: 'professional', sort_order: 30, name: names('Profesjonsstudium', 'Professional degree') },
  {
    code: 'cand-med',
    sort_order: 40,
    name: names('Profesjonsstudium i medisin (cand.med.)', 'Medical degree (cand.med.)'),
  },
  { code: 'specialist', sort_order: 50, name: names('Spesialistutdanning', 'Specialist training') },
  { code: 'phd', sort_order: 60, name: names('Ph.d.', 'PhD') },
  { code: 'dr-med', sort_order: 70, name: names('Dr.med.', 'Doctor of Medicine (Dr.med.)') },
  { code: 'postdoc', sort_order: 80, name: names('Postdoktor', 'Postdoctoral fellowship') },
];
