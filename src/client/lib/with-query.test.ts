import { describe, expect, it } from 'vitest';
import { withQuery } from './with-query';

describe('withQuery', () => {
  it('is the path alone when no parameter has a value', () => {
    expect(withQuery('/api/boards', {})).toBe('/api/boards');
    expect(withQuery('/api/boards', { companyId: undefined })).toBe('/api/boards');
  });

  it('keeps the parameters with a value, in the order given, encoded', () => {
    expect(
      withQuery('/api/history', { companyId: 7, boardId: undefined, from: '2026-11-02' }),
    ).toBe('/api/history?companyId=7&from=2026-11-02');
    expect(withQuery('/api/events', { lastEventId: 'a b&c' })).toBe(
      '/api/events?lastEventId=a+b%26c',
    );
  });
});
