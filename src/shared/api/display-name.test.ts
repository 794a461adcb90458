import { describe, expect, it } from 'vitest';
import { displayName, displayNameSchema, normalizeDisplayName } from './display-name.js';

const issue = (value: unknown) => {
  const result = displayNameSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('displayName', () => {
  it.each([
    ['  HVAC Service  ', 'HVAC Service'],
    ['\u200bPlumbing\u200b', 'Plumbing'],
    ['Café Électrique', 'Café Électrique'],
    ['שירות', 'שירות'],
    ['👨‍👩‍👧 Family', '👨‍👩‍👧 Family'],
  ])('keeps %j as %j', (value, expected) => {
    expect(displayNameSchema.parse(value)).toBe(expected);
  });

  it.each([
    ['empty', '', 'must not be empty'],
    ['spaces', '   ', 'must not be empty'],
    ['zero-width space', '\u200b', 'must not be empty'],
    ['zero-width joiners and non-joiners', '\u200d\u200c\u2060', 'must not be empty'],
    ['bidi marks', '\u200e\u200f', 'must not be empty'],
    ['a BOM and a Hangul filler', '\ufeff\u3164', 'must not be empty'],
    // Blank-looking characters Unicode does not call invisible (issue 33 item 5).
    ['a blank Braille pattern', '\u2800', 'must not be empty'],
    ['blank Braille patterns and spaces', '\u2800 \u2800\u2800', 'must not be empty'],
    ['a musical null notehead', '\u{1D159}', 'must not be empty'],
    [
      'a blank Braille pattern inside',
      'Ac\u2800me',
      'must not contain invisible formatting characters',
    ],
    ['an invisible separator between invisibles', '\u200b \u00ad \u200b', 'must not be empty'],
    ['a newline inside', 'North\nSouth', 'must not contain control characters'],
    ['NUL', 'a\u0000b', 'must not contain control characters'],
    ['a C1 control', 'a\u0085b', 'must not contain control characters'],
    [
      'a right-to-left override',
      'Install\u202egpj.exe',
      'must not contain text-direction controls',
    ],
    ['an isolate', 'a\u2066b\u2069', 'must not contain text-direction controls'],
    ['too long', 'x'.repeat(101), 'must be at most 100 characters'],
    ['a lone surrogate', 'Acme\ud800', 'must be valid Unicode text'],
    ['a zero-width space inside', 'Ac\u200bme', 'must not contain invisible formatting characters'],
    ['a soft hyphen inside', 'Ac\u00adme', 'must not contain invisible formatting characters'],
    ['a Hangul filler inside', 'Ac\u3164me', 'must not contain invisible formatting characters'],
    ['a joiner between letters', 'Ac\u200dme', 'must not contain invisible formatting characters'],
  ])('refuses %s', (_name, value, message) => {
    expect(issue(value)).toBe(message);
  });

  it('takes its own length bound', () => {
    expect(displayName({ max: 200 }).safeParse('x'.repeat(200)).success).toBe(true);
    expect(displayName({ max: 200 }).safeParse('x'.repeat(201)).success).toBe(false);
  });

  it('normalizes for the client the way the schema saves', () => {
    expect(normalizeDisplayName('  Board ')).toBe('Board');
    expect(normalizeDisplayName('\u200b\u200f')).toBeNull();
    expect(normalizeDisplayName('')).toBeNull();
  });
});
