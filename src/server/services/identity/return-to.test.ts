import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.js';

const BASE = 'http://localhost:5000';

describe('safeReturnTo', () => {
  it.each([
    ['/', '/'],
    ['/dashboard', '/dashboard'],
    ['/admin?tab=users#invite', '/admin?tab=users#invite'],
    ['/a/%2F%2Fexample.org', '/a/%2F%2Fexample.org'],
    ['/%2F%2Fexample.org', '/%2F%2Fexample.org'],
    ['/%E2%82%AC', '/%E2%82%AC'],
  ])('keeps the same-origin path %j', (value, expected) => {
    expect(safeReturnTo(value, BASE)).toBe(expected);
  });

  it.each([
    ['tab', '/\t/example.org'],
    ['tab first', '\t//example.org'],
    ['newline', '/\n/example.org'],
    ['CR/LF', '/\r\n/example.org'],
    ['CR/LF header injection', '/x\r\nSet-Cookie: a=b'],
    ['NUL', '/\u0000/example.org'],
    ['space', '/ /example.org'],
    ['backslash', '\\\\example.org'],
    ['slash backslash', '/\\example.org'],
    ['slash backslash with tab', '/\t\\example.org'],
    ['double slash', '//example.org'],
    ['triple slash', '///example.org'],
    ['dot segment to double slash', '/.//example.org'],
    ['dot-dot segment to double slash', '/a/..//example.org'],
    ['absolute http URL', 'http://example.org/'],
    ['absolute https URL', 'https://example.org/dashboard'],
    ['own origin spelled out', 'http://localhost:5000/dashboard'],
    ['javascript URL', 'javascript:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'dashboard'],
    ['non-Latin-1', '/\u20ac'],
    ['Latin-1', '/caf\u00e9'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(600)}`],
    ['not a string', ['/a', '/b']],
    ['undefined', undefined],
  ])('returns to / for %s', (_name, value) => {
    expect(safeReturnTo(value, BASE)).toBe('/');
  });
});
