import { chromium } from 'playwright';
const [url, name, width, height, ...ys] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
await page.goto(url); await page.waitForLoadState('networkidle');
for (const y of ys) {
  await page.screenshot({ path: `/tmp/shots/${name}-${y}.png`, fullPage: true, clip: { x: 0, y: Number(y), width: Number(width), height: Number(height) } });
}
await browser.close();
