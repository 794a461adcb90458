import { describe, expect, it } from 'vitest';
import { openTarget } from './open-target';

describe('openTarget (a notification click)', () => {
  const origin = 'https://board.example';
  it("opens the message's board on this origin", () => {
    expect(openTarget('https://board.example/boards/7', origin)).toBe(
      'https://board.example/boards/7',
    );
    expect(openTarget('/boards/7?x=1', origin)).toBe('https://board.example/boards/7?x=1');
  });
  it('never another site: only the path is kept', () => {
    expect(openTarget('https://evil.example/boards/7', origin)).toBe(
      'https://board.example/boards/7',
    );
    expect(openTarget('javascript:alert(1)', origin)).toBe('https://board.example/');
    expect(openTarget(undefined, origin)).toBe('https://board.example/');
  });
});
