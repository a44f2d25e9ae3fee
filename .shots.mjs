// Ad-hoc screenshots for the lead's visual pass (not committed).
import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://127.0.0.1:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const which = process.argv.slice(2);
for (const [name, width, height] of [['desk', 1280, 800], ['phone', 390, 844]]) {
  const ctx = await browser.newContext({ viewport: { width, height } });
  const page = await ctx.newPage();
  const shot = async (label) => page.screenshot({ path: `/tmp/shots/${label}-${name}.png` });
  await page.goto(base + '/?tag=cooking');
  await page.waitForTimeout(1500);
  if (which.includes('home')) await shot('home-tag');
  // sign in
  await page.goto(base + '/login');
  await page.fill('input[autocomplete=username]', 'mira.kitchen');
  await page.fill('input[type=email]', 'mira@example.com');
  await page.fill('input[type=password]', 'vidtube-demo');
  await page.click('button[type=submit]');
  await page.waitForURL(base + '/');
  await page.waitForTimeout(1000);
  if (which.includes('home')) await shot('home-signed');
  if (which.includes('scroll')) { await page.mouse.wheel(0, 900); await page.waitForTimeout(800); await shot('home-scrolled'); }
  if (which.includes('library')) { await page.goto(base + '/collections'); await page.waitForTimeout(2000); await shot('library'); }
  if (which.includes('dash')) { await page.goto(base + '/Dashboard/Content'); await page.waitForTimeout(2500); await shot('dashboard'); }
  if (which.includes('upload')) { await page.goto(base + '/Dashboard/Content'); await page.waitForTimeout(1500); await page.click('text=Create'); await page.click('text=Upload Video'); await page.waitForTimeout(800); await shot('upload'); }
  if (which.includes('collapsed') && name === 'desk') { await page.goto(base + '/'); await page.waitForTimeout(800); await page.click('button[aria-label*="menu" i]'); await page.waitForTimeout(600); await shot('collapsed'); }
  if (which.includes('history')) { await page.goto(base + '/History'); await page.waitForTimeout(1500); await shot('history'); }
  await ctx.close();
}
await browser.close();
