// Draws the web app manifest's PNG icons from public/favicon.svg with Debian's Chromium
// (playwright-core, as the e2e tests use it): icon-192.png and icon-512.png as the favicon
// is (rounded corners, transparent outside), and icon-maskable-512.png full-bleed with the
// letter inside the maskable safe zone (the middle 80%). The PNGs are committed; run again
// after changing the favicon: npx tsx scripts/make-icons.ts
import fs from 'node:fs/promises';
import path from 'node:path';
import { rootDir } from '../stack/config.ts';
import { launchBrowser } from '../tests/support/browser.ts';

const favicon = await fs.readFile(path.join(rootDir, 'public', 'favicon.svg'), 'utf8');
const colour = /<rect[^>]*fill="(#[0-9a-f]{3,6})"/i.exec(favicon)?.[1] ?? '#c2410c';
// The same letter, smaller, on a square with no rounded corners: platforms cut their own shape.
const maskable = favicon
  .replace(/<rect[^>]*\/>/, `<rect width="64" height="64" fill="${colour}"/>`)
  .replace(/font-size="40"/, 'font-size="30"')
  .replace(/y="45"/, 'y="42.5"');

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
];

const browser = await launchBrowser();
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: path.join(rootDir, 'public', 'icons', file), omitBackground: true });
    await page.close();
    console.log(`public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
