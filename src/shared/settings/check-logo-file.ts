import { LOGO_MAX_BYTES, LOGO_TOO_LARGE_MESSAGE } from './board-settings-core.js';

export const LOGO_NOT_IMAGE_MESSAGE = 'Please choose an image file';

/**
 * Why a chosen file cannot become the logo, or null when it can. Logos live as data URLs in the
 * browser's storage, so they must be images and stay small.
 */
export function checkLogoFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return LOGO_NOT_IMAGE_MESSAGE;
  if (file.size > LOGO_MAX_BYTES) return LOGO_TOO_LARGE_MESSAGE;
  return null;
}
