// node scripts/make-icons.mjs: draws the app's icons (issue 36: the manifest, the iPhone's Home
// Screen, the notification's icon and badge) from the product's gauge mark, the same drawing as
// src/client/public/favicon.svg and components/layout/brand-mark.tsx, into
// src/client/public/icons/. Rendered by Chromium (Debian's), so the PNGs are the SVG exactly;
// run it again after the mark changes and commit what it writes.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium, root } from './lib.mjs';

const outDir = path.join(root, 'src', 'client', 'public', 'icons');
const NAVY = '#0b1220';

/** The gauge (track, green fill, needle, hub) in the mark's own 64-unit box. */
const GAUGE = `
  <path d="M12 44a20 20 0 0 1 40 0" fill="none" stroke="#334155" stroke-width="6" stroke-linecap="round"/>
  <path d="M12 44a20 20 0 0 1 30-17.3" fill="none" stroke="#22c55e" stroke-width="6" stroke-linecap="round"/>
  <path d="M32 44l10-14" stroke="#f8fafc" stroke-width="4" stroke-linecap="round"/>
  <circle cx="32" cy="44" r="4" fill="#f8fafc"/>`;

/** The gauge's drawn extent (strokes included) is x 9-55, y 21-48: its middle is (32, 34.5). */
const centred = (scale) => `translate(32 32) scale(${scale}) translate(-32 -34.5)`;

const svgs = {
  /** The favicon as it is: a rounded navy tile (transparent corners), for "any" purpose. */
  any: `<rect width="64" height="64" rx="12" fill="${NAVY}"/>${GAUGE}`,
  /**
   * Maskable (Android's adaptive icons, any mask shape): a full-bleed tile and the gauge inside
   * the safe circle (radius 40 % of the side): its farthest point is 0.7 × 26 ≈ 18 of 25.6.
   */
  maskable: `<rect width="64" height="64" fill="${NAVY}"/><g transform="${centred(0.7)}">${GAUGE}</g>`,
  /** iOS rounds the corners itself and fills transparency with black: full bleed, a margin. */
  apple: `<rect width="64" height="64" fill="${NAVY}"/><g transform="${centred(0.85)}">${GAUGE}</g>`,
  /** The notification badge (Android's status bar uses its alpha only): the gauge in white. */
  badge: `<g transform="${centred(1.15)}">
    <path d="M12 44a20 20 0 0 1 40 0" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="6" stroke-linecap="round"/>
    <path d="M12 44a20 20 0 0 1 30-17.3" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
    <path d="M32 44l10-14" stroke="#fff" stroke-width="4" stroke-linecap="round"/>
    <circle cx="32" cy="44" r="4" fill="#fff"/></g>`,
};

const icons = [
  { file: 'icon-192.png', size: 192, svg: svgs.any },
  { file: 'icon-512.png', size: 512, svg: svgs.any },
  { file: 'maskable-192.png', size: 192, svg: svgs.maskable },
  { file: 'maskable-512.png', size: 512, svg: svgs.maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: svgs.apple },
  { file: 'badge-96.png', size: 96, svg: svgs.badge },
];

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${icon.size}" height="${icon.size}" style="display:block">${icon.svg}</svg></body></html>`,
  );
  await page.screenshot({ path: path.join(outDir, icon.file), omitBackground: true });
  console.log(`${icon.file} ${icon.size}x${icon.size}`);
}
await browser.close();
