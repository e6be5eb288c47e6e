// Full-page screenshots of routes at 1280 px and 375 px in Debian's Chromium, for looking at what we build.
//   npx tsx scripts/shots.ts --base http://127.0.0.1:3000 --out /tmp/shots / /pricing /staff/sign-in
// Optional: --cookie 'name=value' (e.g. a staff session), --no-js.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
let base = 'http://127.0.0.1:3000';
let out = '/tmp/shots';
let cookie = '';
let js = true;
const routes = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--base') base = args[++i];
  else if (args[i] === '--out') out = args[++i];
  else if (args[i] === '--cookie') cookie = args[++i];
  else if (args[i] === '--no-js') js = false;
  else routes.push(args[i]);
}
if (!routes.length) routes.push('/');
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
try {
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: js, isMobile: width < 500, hasTouch: width < 500 });
    if (cookie) {
      const [name, ...rest] = cookie.split('=');
      await context.addCookies([{ name, value: rest.join('='), url: base }]);
    }
    const page = await context.newPage();
    for (const route of routes) {
      const res = await page.goto(new URL(route, base).toString(), { waitUntil: 'networkidle' });
      const name = `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
      await page.screenshot({ path: path.join(out, name), fullPage: true });
      console.log(`${res?.status()} ${route} -> ${path.join(out, name)}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
