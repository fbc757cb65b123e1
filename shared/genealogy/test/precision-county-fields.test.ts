import { describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

const counties = (text: string) =>
  readRecord({ text, isImage: false })
    .geographicalInfo.filter((g) => g.kind === 'county')
    .map((g) => g.name);

describe('a county written as a form field', () => {
  it('calls "County: Wake" Wake County, and keeps the Irish "County Cork" and "Co. Cork"', () => {
    expect(counties('TWELFTH CENSUS, 1900. State: North Carolina. County: Wake. City: Raleigh.')).toEqual([
      'Wake County',
    ]);
    expect(counties('Registrar’s District of Bandon. County: Cork. Born 3 May 1869.')).toEqual(['County Cork']);
    expect(counties('Baptised at Kinsale, Co. Cork, 1840.')).toEqual(['County Cork']);
  });
});
