// npm run screenshots: photographs the board at TV, laptop, tablet and phone sizes into
// docs/screenshots/, and the landing page's picture into src/client/public/board-screenshot.png.
// Uses the built app (`npm run build` first): reuses one already answering at SCREENSHOT_URL, or
// starts dist/server/src/server/main.js on a temporary data directory and port.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium, root } from './lib.mjs';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const SIZES = [
  { name: 'tv-1080p', width: 1920, height: 1080 },
  { name: 'tv-4k', width: 3840, height: 2160 },
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'phone', width: 390, height: 844 },
];

const SIGN_IN_EMAIL = process.env.SCREENSHOT_EMAIL ?? 'manager@demo-hvac.test';
const outDir = path.join(root, 'docs', 'screenshots');
const landingImage = path.join(root, 'src', 'client', 'public', 'board-screenshot.png');
const builtLandingImage = path.join(root, 'dist', 'client', 'board-screenshot.png');

async function isUp(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function startServer() {
  const main = path.join(root, 'dist', 'server', 'src', 'server', 'main.js');
  if (!fs.existsSync(main)) throw new Error('No build found: run `npm run build` first.');
  const port = Number(process.env.SCREENSHOT_PORT ?? 5097);
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-screens-'));
  const child = spawn(process.execPath, [main], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SERVICETITAN_SIMULATOR_PORT: String(port + 1),
      LOG_LEVEL: 'warn',
    },
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    if (await isUp(baseUrl)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!(await isUp(baseUrl))) throw new Error('The server did not become ready within 60 s');
  return {
    baseUrl,
    stop() {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the development identity provider; false when sign-in is not available. */
async function signIn(page, baseUrl) {
  try {
    await page.goto(`${baseUrl}/api/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 10_000 });
    const demo = page.getByRole('button', {
      name: new RegExp(SIGN_IN_EMAIL.replace(/[.@]/g, '\\$&')),
    });
    if (await demo.count()) await demo.first().click();
    else {
      await page.getByLabel('Email').fill(SIGN_IN_EMAIL);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    }
    await page.waitForURL(
      (url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/api/'),
      {
        timeout: 15_000,
      },
    );
    const me = await page.request.get(`${baseUrl}/api/auth/user`);
    return me.ok();
  } catch (error) {
    console.warn(
      `Sign-in unavailable (${error.message.split('\n')[0]}); photographing the live preview instead.`,
    );
    return false;
  }
}

async function waitForBoard(page) {
  await page.getByTestId('day-card').first().waitFor({ timeout: 30_000 });
  // Fonts and the gauge settle; the welcome banner of the preview is dismissed beforehand.
  await page.evaluate('document.fonts.ready');
  await page.waitForTimeout(800);
}

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (set CHROMIUM_PATH)');
  const preset = process.env.SCREENSHOT_URL?.replace(/\/+$/, '');
  const server =
    preset && (await isUp(preset))
      ? { baseUrl: preset, stop: () => undefined }
      : await startServer();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  fs.mkdirSync(outDir, { recursive: true });
  try {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    const signedIn = await signIn(page, server.baseUrl);
    // The preview's welcome banner is for first-time visitors, not for product photos.
    await page.goto(`${server.baseUrl}/pricing`);
    await page.evaluate(() => localStorage.setItem('livePreviewWelcomeSeen', 'true'));
    const boardPath = signedIn ? '/' : '/customize';

    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${server.baseUrl}${boardPath}`);
      await waitForBoard(page);
      const file = path.join(outDir, `board-${size.name}.png`);
      await page.screenshot({ path: file });
      console.log(`saved ${path.relative(root, file)}`);
      if (size.name === 'tv-1080p') {
        fs.copyFileSync(file, landingImage);
        console.log(`saved ${path.relative(root, landingImage)}`);
        // The running build serves its own copy: refresh it so the landing shot below shows
        // this picture (the next build copies the source one anyway).
        if (!preset && fs.existsSync(path.dirname(builtLandingImage))) {
          fs.copyFileSync(file, builtLandingImage);
        }
      }
    }

    // The configuration pages (issue 9), at laptop and phone size.
    if (signedIn) {
      for (const [name, route] of [
        ['business-units', '/business-units'],
        ['job-types', '/job-types'],
      ]) {
        for (const size of [
          { name: 'laptop', width: 1440, height: 900 },
          { name: 'phone', width: 390, height: 844 },
        ]) {
          await page.setViewportSize({ width: size.width, height: size.height });
          await page.goto(`${server.baseUrl}${route}`);
          await page.getByTestId('preference-row').first().waitFor({ timeout: 30_000 });
          await page.evaluate('document.fonts.ready');
          const file = path.join(outDir, `${name}-${size.name}.png`);
          await page.screenshot({ path: file });
          console.log(`saved ${path.relative(root, file)}`);
        }
      }
    }

    // Signed-out pages, in a fresh context.
    const anonymous = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const anonPage = await anonymous.newPage();
    for (const [name, route] of [
      ['landing', '/'],
      ['pricing', '/pricing'],
      ['live-preview', '/customize'],
    ]) {
      await anonPage.goto(`${server.baseUrl}${route}`);
      await anonPage.waitForLoadState('networkidle');
      const file = path.join(outDir, `${name}.png`);
      await anonPage.screenshot({ path: file, fullPage: name !== 'live-preview' });
      console.log(`saved ${path.relative(root, file)}`);
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
