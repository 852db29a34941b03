import { type CodedName, same } from './types';

/** The 15 counties (fylker) in force from 1 January 2024, with their official county numbers. */
export const COUNTIES: readonly CodedName[] = [
  { code: '03', name: same('Oslo') },
  { code: '11', name: same('Rogaland') },
  { code: '15', name: same('Møre og Romsdal') },
  { code: '18', name: same('Nordland') },
  { code: '31', name: same('Østfold') },
  { code: '32', name: same('Akershus') },
  { code: '33', name: same('Buskerud') },
  { code: '34', name: same('Innlandet') },
  { code: '39', name: same('Vestfold') },
  { code: '40', name: same('Telemark') },
  { code: '42', name: same('Agder') },
  { code: '46', name: same('Vestland') },
  { code: '50', name: same('Trøndelag') },
  { code: '55', name: same('Troms') },
  { code: '56', name: same('Finnmark') },
];
