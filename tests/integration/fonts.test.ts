import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_FONTS } from '../../src/shared/settings/dashboard-settings.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const FONTSOURCE = path.resolve('node_modules/@fontsource');

describe('GET /api/fonts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the 10 self-hosted families, signed out, in the seed order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/fonts' });
    expect(res.statusCode).toBe(200);
    const fonts = res.json() as {
      family: string;
      variants: string[];
      subsets: string[];
      category: string;
    }[];
    expect(fonts.map((f) => f.family)).toEqual([...FALLBACK_FONTS]);
    for (const font of fonts) {
      expect(Object.keys(font).sort()).toEqual(['category', 'family', 'id', 'subsets', 'variants']);
      expect(font.variants).toContain('400');
      expect(font.variants).toContain('700');
      expect(font.subsets).toContain('latin');
    }
  });

  it('only offers weights and subsets the installed @fontsource package really ships', async () => {
    const fonts = (await t.app.inject({ method: 'GET', url: '/api/fonts' })).json() as {
      id: string;
      family: string;
      variants: string[];
      subsets: string[];
      category: string;
    }[];
    for (const font of fonts) {
      const metadata = JSON.parse(
        fs.readFileSync(path.join(FONTSOURCE, font.id, 'metadata.json'), 'utf8'),
      ) as {
        family: string;
        category: string;
        subsets: string[];
      };
      expect(metadata.family).toBe(font.family);
      expect(metadata.category).toBe(font.category);
      expect([...font.subsets].sort()).toEqual([...metadata.subsets].sort());
      for (const weight of font.variants) {
        expect(
          fs.existsSync(path.join(FONTSOURCE, font.id, `${weight}.css`)),
          `${font.id}/${weight}.css`,
        ).toBe(true);
      }
    }
  });
});
