import { type Names, names } from './types';

export interface ClinicSeed {
  code: string;
  name: Names;
  /** Municipality number of the city it is in. */
  cityCode: string;
}

const c = (code: string, no: string, en: string, cityCode: string): ClinicSeed => ({
  code,
  name: names(no, en),
  cityCode,
});

/** Out-of-hours services (legevakter) and GP centres (legesentre) outside the hospitals. */
export const CLINICS: readonly ClinicSeed[] = [
  // Legevakter
  c('oslo-legevakt', 'Oslo kommunale legevakt', 'Oslo Emergency Ward', '0301'),
  c('bergen-legevakt', 'Bergen legevakt', 'Bergen Emergency Clinic', '4601'),
  c('trondheim-legevakt', 'Trondheim kommunale legevakt', 'Trondheim Emergency Clinic', '5001'),
  c('stavanger-legevakt', 'Stavanger legevakt', 'Stavanger Emergency Clinic', '1103'),
  c('sandnes-legevakt', 'Sandnes legevakt', 'Sandnes Emergency Clinic', '1108'),
  c('kristiansand-legevakt', 'Kristiansand legevakt', 'Kristiansand Emergency Clinic', '4204'),
  c('tromso-legevakt', 'Tromsø legevakt', 'Tromsø Emergency Clinic', '5501'),
  c('bodo-legevakt', 'Bodø legevakt', 'Bodø Emergency Clinic', '1804'),
  c('drammen-legevakt', 'Drammen legevakt', 'Drammen Emergency Clinic', '3301'),
  c('fredrikstad-legevakt', 'Legevakten i Fredrikstad', 'Fredrikstad Emergency Clinic', '3107'),
  c('baerum-legevakt', 'Bærum legevakt', 'Bærum Emergency Clinic', '3201'),
  c('asker-legevakt', 'Asker legevakt', 'Asker Emergency Clinic', '3203'),
  c('lillestrom-legevakt', 'Legevakten på Lillestrøm', 'Lillestrøm Emergency Clinic', '3205'),
  c(
    'tonsberg-legevakt',
    'Tønsberg interkommunale legevakt',
    'Tønsberg Inter-municipal Emergency Clinic',
    '3905',
  ),
  c('skien-legevakt', 'Skien interkommunale legevakt', 'Skien Inter-municipal Emergency Clinic', '4003'),
  c('hamar-legevakt', 'Hamar interkommunale legevakt', 'Hamar Inter-municipal Emergency Clinic', '3403'),
  c(
    'alesund-legevakt',
    'Ålesund interkommunale legevakt',
    'Ålesund Inter-municipal Emergency Clinic',
    '1508',
  ),
  c('alta-legevakt', 'Alta legevakt', 'Alta Emergency Clinic', '5601'),
  // Legesentre
  c('oslo-majorstuen-legesenter', 'Majorstuen legesenter', 'Majorstuen Medical Centre', '0301'),
  c('oslo-grunerlokka-legesenter', 'Grünerløkka legesenter', 'Grünerløkka Medical Centre', '0301'),
  c('oslo-grorud-legesenter', 'Grorud legesenter', 'Grorud Medical Centre', '0301'),
  c('oslo-frogner-legesenter', 'Frogner legesenter', 'Frogner Medical Centre', '0301'),
  c('oslo-storo-legesenter', 'Storo legesenter', 'Storo Medical Centre', '0301'),
  c('bergen-sentrum-legesenter', 'Bergen sentrum legesenter', 'Bergen City Medical Centre', '4601'),
  c('bergen-fyllingsdalen-legesenter', 'Fyllingsdalen legesenter', 'Fyllingsdalen Medical Centre', '4601'),
  c('bergen-laksevag-legesenter', 'Laksevåg legesenter', 'Laksevåg Medical Centre', '4601'),
  c('trondheim-solsiden-legesenter', 'Solsiden legesenter', 'Solsiden Medical Centre', '5001'),
  c('trondheim-moholt-legesenter', 'Moholt legesenter', 'Moholt Medical Centre', '5001'),
  c('trondheim-byasen-legesenter', 'Byåsen legesenter', 'Byåsen Medical Centre', '5001'),
  c('stavanger-madla-legesenter', 'Madla legesenter', 'Madla Medical Centre', '1103'),
  c('stavanger-storhaug-legesenter', 'Storhaug legesenter', 'Storhaug Medical Centre', '1103'),
  c('kristiansand-lund-legesenter', 'Lund legesenter', 'Lund Medical Centre', '4204'),
  c('tromso-sentrum-legesenter', 'Tromsø sentrum legesenter', 'Tromsø City Medical Centre', '5501'),
  c('bodo-sentrum-legesenter', 'Bodø sentrum legesenter', 'Bodø City Medical Centre', '1804'),
  c('drammen-bragernes-legesenter', 'Bragernes legesenter', 'Bragernes Medical Centre', '3301'),
  c('fredrikstad-gamlebyen-legesenter', 'Gamlebyen legesenter', 'Gamlebyen Medical Centre', '3107'),
  c('baerum-sandvika-legesenter', 'Sandvika legesenter', 'Sandvika Medical Centre', '3201'),
  c('lillestrom-strommen-legesenter', 'Strømmen legesenter', 'Strømmen Medical Centre', '3205'),
];
