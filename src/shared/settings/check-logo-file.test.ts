import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from './dashboard-settings.js';
import { checkLogoFile } from './check-logo-file.js';

describe('checkLogoFile', () => {
  it('accepts an image up to exactly 2 MB', () => {
    expect(checkLogoFile({ type: 'image/png', size: 1200 })).toBeNull();
    expect(checkLogoFile({ type: 'image/svg+xml', size: LOGO_MAX_BYTES })).toBeNull();
  });

  it('rejects an image over 2 MB with the exact alert text', () => {
    expect(checkLogoFile({ type: 'image/jpeg', size: LOGO_MAX_BYTES + 1 })).toBe(
      'Logo file size must be less than 2MB',
    );
  });

  it('rejects files that are not images', () => {
    expect(checkLogoFile({ type: 'application/pdf', size: 10 })).toBe(
      'Please choose an image file',
    );
    expect(checkLogoFile({ type: '', size: 10 })).toBe('Please choose an image file');
  });
});
