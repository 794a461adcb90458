import { describe, expect, it } from 'vitest';
import { hoursTargetsNote } from './hours-targets';

const board = (name: string, viewType: 'businessUnit' | 'jobType', measure: 'jobs' | 'hours') => ({
  name,
  viewType,
  measure,
});

describe('what the configuration pages say of hours boards (issue 35)', () => {
  it('asks for no targets when every business-unit board measures hours', () => {
    const said = hoursTargetsNote(
      [board('Main', 'businessUnit', 'hours'), board('Types', 'jobType', 'jobs')],
      'businessUnit',
      'ServiceTitan',
    );
    expect(said.targets).toBe(false);
    expect(said.note).toBe(
      'No typed targets are needed: the business-unit board measures technician hours, so its targets are the hours the crew on shift has in ServiceTitan. Choose here which business units show and how they are grouped.',
    );
  });

  it('names the hours boards and keeps targets for the boards that count jobs', () => {
    const said = hoursTargetsNote(
      [board('Main', 'businessUnit', 'jobs'), board('Install', 'businessUnit', 'hours')],
      'businessUnit',
      'ServiceTitan',
    );
    expect(said.targets).toBe(true);
    expect(said.note).toBe(
      'The board Install measures technician hours and needs no typed targets: its targets are the hours the crew on shift has in ServiceTitan. The targets below are for the boards that count jobs.',
    );
  });

  it('says nothing on job types, or when no board measures hours', () => {
    const boards = [board('Main', 'businessUnit', 'hours')];
    expect(hoursTargetsNote(boards, 'jobType', 'ServiceTitan')).toEqual({
      note: null,
      targets: true,
    });
    expect(
      hoursTargetsNote([board('Main', 'businessUnit', 'jobs')], 'businessUnit', 'ServiceTitan'),
    ).toEqual({ note: null, targets: true });
  });
});
