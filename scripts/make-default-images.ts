/**
 * Draws the bundled default avatar and cover (public/default-avatar.png, public/default-cover.png)
 * from SVG with sharp. Run once when the design changes (`npx tsx scripts/make-default-images.ts`);
 * the PNGs are committed so neither the build nor the server needs this script.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');

const avatar = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#ae7aff"/><stop offset="1" stop-color="#5b3a99"/></linearGradient></defs>
  <rect width="256" height="256" fill="url(#g)"/>
  <circle cx="128" cy="100" r="46" fill="#f2f2f5" opacity="0.92"/>
  <path d="M40 232c8-50 46-78 88-78s80 28 88 78z" fill="#f2f2f5" opacity="0.92"/>
</svg>`;

const cover = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400" viewBox="0 0 1600 400">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1b1330"/><stop offset="0.55" stop-color="#2c1d52"/>
      <stop offset="1" stop-color="#0f2a26"/></linearGradient>
    <radialGradient id="glow" cx="0.25" cy="0.3" r="0.6">
      <stop offset="0" stop-color="#ae7aff" stop-opacity="0.55"/><stop offset="1" stop-color="#ae7aff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1600" height="400" fill="url(#bg)"/>
  <rect width="1600" height="400" fill="url(#glow)"/>
  <g fill="none" stroke="#ffffff" stroke-opacity="0.08" stroke-width="2">
    <circle cx="1300" cy="120" r="160"/><circle cx="1300" cy="120" r="230"/><circle cx="1300" cy="120" r="300"/>
  </g>
  <g transform="translate(1240 70)" opacity="0.35">
    <rect width="120" height="96" rx="24" fill="#ae7aff"/><path d="M48 28l36 20-36 20z" fill="#1b1330"/>
  </g>
</svg>`;

await sharp(Buffer.from(avatar))
  .png({ compressionLevel: 9 })
  .toFile(path.join(publicDir, 'default-avatar.png'));
await sharp(Buffer.from(cover))
  .png({ compressionLevel: 9 })
  .toFile(path.join(publicDir, 'default-cover.png'));
console.log('wrote public/default-avatar.png and public/default-cover.png');
