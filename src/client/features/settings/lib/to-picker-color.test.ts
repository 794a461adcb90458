import { describe, expect, it } from 'vitest';
import { toPickerColor } from './to-picker-color';

describe('toPickerColor', () => {
  it('keeps #rrggbb, lower-cased', () => {
    expect(toPickerColor('#3B82F6')).toBe('#3b82f6');
  });
  it('expands short forms and drops alpha', () => {
    expect(toPickerColor('#fff')).toBe('#ffffff');
    expect(toPickerColor('#0f08')).toBe('#00ff00');
    expect(toPickerColor('#11223344')).toBe('#112233');
  });
  it('falls back to black for anything else', () => {
    expect(toPickerColor('red')).toBe('#000000');
    expect(toPickerColor('')).toBe('#000000');
  });
});
