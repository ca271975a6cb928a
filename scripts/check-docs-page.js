#!/usr/bin/env node
// `npm run check:docs-page`: loads Swagger UI at /docs of the production build in headless Chromium,
// over plain http on this machine's non-loopback address (the way a VM or a container is reached),
// checks that the operations rendered, and runs "Try it out" on POST /api/search with the example
// as shown, which must answer 200. Needs the Debian package `chromium` (CHROMIUM_PATH to override);
// without it, or without a non-loopback IPv4 address, it says so and exits 0 without checking.
//
// Why not 127.0.0.1 or 127.0.0.2: Chromium treats all of 127.0.0.0/8 as a secure, "potentially
// trustworthy" origin, where the old blank page (https-upgraded assets) did not show.
const { spawn, execFileSync } = require('node:child_process');
const { existsSync, mkdtempSync, rmSync } = require('node:fs');
const { createServer } = require('node:net');
const { networkInterfaces, tmpdir } = require('node:os');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT = process.env.DOCS_SCREENSHOT ?? join(tmpdir(), 'quarry-docs-page.png');
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function nonLoopbackAddress() {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return undefined;
}

function freePort(host) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, service) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (service.exitCode !== null) throw new Error(`the service exited with ${service.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the service did not answer /health within 30 s');
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.log(`check:docs-page skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);
    return;
  }
  const host = process.env.DOCS_CHECK_HOST ?? nonLoopbackAddress();
  if (!host) {
    console.log('check:docs-page skipped: this machine has no non-loopback IPv4 address');
    return;
  }
  execFileSync(process.execPath, [join(__dirname, 'build-if-needed.js')], { stdio: 'inherit' });
  const { chromium } = require('playwright-core');

  const port = await freePort(host);
  const base = `http://${host}:${port}`;
  const service = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: host,
      PORT: String(port),
      AUTH_REQUIRED: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const profile = mkdtempSync(join(tmpdir(), 'quarry-chromium-'));
  let browser;
  try {
    await waitForHealth(base, service);
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
    });
    const page = browser.pages()[0] ?? (await browser.newPage());
    const failed = [];
    page.on('requestfailed', (request) =>
      failed.push(`${request.url()}: ${request.failure()?.errorText}`),
    );

    await page.goto(`${base}/docs`, { waitUntil: 'load' });
    const operation = page.locator(
      '.opblock-post:has(.opblock-summary-path[data-path="/api/search"])',
    );
    await operation.first().waitFor({ timeout: 20_000 });
    const operations = await page.locator('.opblock').count();
    if (failed.length > 0) throw new Error(`assets failed to load:\n  ${failed.join('\n  ')}`);
    console.log(`Swagger UI rendered ${operations} operations at ${base}/docs`);

    await operation.first().locator('.opblock-summary').click();
    await operation.first().locator('button.try-out__btn').click();
    await operation.first().locator('button.execute').click();
    const status = operation
      .first()
      .locator('.live-responses-table .response .response-col_status');
    await status.first().waitFor({ timeout: 20_000 });
    const code = (await status.first().innerText()).trim();
    await page.screenshot({ path: SCREENSHOT, fullPage: false });
    console.log(`screenshot: ${SCREENSHOT}`);
    if (!/^200\b/.test(code)) {
      const body = await operation
        .first()
        .locator('.live-responses-table .response-col_description pre')
        .first()
        .innerText();
      throw new Error(`"Try it out" on POST /api/search answered ${code}: ${body.slice(0, 300)}`);
    }
    console.log('"Try it out" on POST /api/search with the example as shown answered 200');
  } finally {
    await browser?.close();
    service.kill('SIGTERM');
    rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(
    `check:docs-page failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
});
