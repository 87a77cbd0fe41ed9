/**
 * Photos for a dozen of the demo shop's products, so a newcomer sees the photo pipeline at work:
 * each is drawn from the product's Twemoji artwork (@twemoji/svg, CC-BY 4.0) as a studio shot — a
 * soft lit backdrop with a fine grain, the fruit or vegetable large with a shadow under it — made
 * a JPEG, and stored through the media feature's `storeImage`, the function behind the upload
 * route (so it is converted to WebP at each width, metadata dropped, named by its content).
 *
 * Seeding is frequent (each test database, each e2e server), so the work is done once per
 * MEDIA_DIR: the list of stored values is kept in MEDIA_DIR under a hash of the recipes
 * (`demo-photos-<hash>.json`), and a seed that finds it, with every photo it names still stored,
 * draws and converts nothing.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { storeImage } from '#features/media/index.ts';
import { getConfig } from '#lib/config.ts';
import { logger } from '#lib/log.ts';

/** One photo: the product's artwork drawn alone, or three of it as a heap (a second angle). */
interface Shot {
  code: string;
  layout: 'single' | 'heap';
}

/** A product's photos (cover first) and the backdrop's two colours, light centre to darker edge. */
interface Recipe {
  sku: string;
  shots: Shot[];
  backdrop: [string, string];
}

const single = (code: string): Shot => ({ code, layout: 'single' });
const heap = (code: string): Shot => ({ code, layout: 'heap' });

/** The demo products that get photos (SKUs of data/catalog.json). */
const RECIPES: Recipe[] = [
  { sku: 'FF-FRU-001', shots: [single('1f34c'), heap('1f34c')], backdrop: ['#fbf3dc', '#d9c59a'] },
  { sku: 'FF-FRU-007', shots: [single('1f96d'), heap('1f96d')], backdrop: ['#fdf0e0', '#e0b98c'] },
  { sku: 'FF-FRU-017', shots: [single('1f34d')], backdrop: ['#f3f6e6', '#c2cfa0'] },
  { sku: 'FF-FRU-019', shots: [single('1f965')], backdrop: ['#eef4ee', '#a9c2ad'] },
  { sku: 'FF-FRU-022', shots: [single('1f34a'), heap('1f34a')], backdrop: ['#eef3f7', '#b3c3d1'] },
  { sku: 'FF-FRU-023', shots: [single('1f347')], backdrop: ['#f4f1ec', '#cdbfae'] },
  { sku: 'FF-VEG-001', shots: [single('1f345'), heap('1f345')], backdrop: ['#f5f3ee', '#cfc6b4'] },
  { sku: 'FF-VEG-003', shots: [heap('1f9c5')], backdrop: ['#f6efe6', '#d3bea2'] },
  { sku: 'FF-VEG-005', shots: [heap('1f954')], backdrop: ['#f1ece3', '#bfae92'] },
  { sku: 'FF-VEG-006', shots: [single('1f955'), heap('1f955')], backdrop: ['#eef5ec', '#b6cdb0'] },
  { sku: 'FF-VEG-018', shots: [single('1f346')], backdrop: ['#f2f0f5', '#c4bccf'] },
  { sku: 'FF-VEG-029', shots: [single('1f34b'), heap('1f34b')], backdrop: ['#f0f4f8', '#b5c4d3'] },
];

/**
 * Side of a drawn photo, in px: enough for the product page's 480 px gallery at 2×, and a third
 * quicker to draw and convert than the pipeline's largest width.
 */
const SIDE = 960;

/** Bumped when the drawing changes, so every MEDIA_DIR draws the new photos. */
const DRAWING_VERSION = 2;

const require = createRequire(import.meta.url);

/** A Twemoji SVG's inner markup (its paths), to place inside a larger drawing. */
async function artwork(code: string): Promise<string> {
  const folder = path.dirname(require.resolve('@twemoji/svg/package.json'));
  const svg = await readFile(path.join(folder, `${code}.svg`), 'utf8');
  return svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
}

/** Where the artwork goes in a shot: centre, size (as fractions of the side) and turn (degrees), back to front. */
function placements(layout: Shot['layout']): { x: number; y: number; size: number; turn: number }[] {
  const at = (x: number, y: number, size: number, turn: number) => ({
    x: x * SIDE,
    y: y * SIDE,
    size: size * SIDE,
    turn,
  });
  if (layout === 'single') return [at(0.5, 0.48, 0.6, -8)];
  return [at(0.37, 0.41, 0.42, -18), at(0.64, 0.44, 0.4, 14), at(0.49, 0.59, 0.44, -4)];
}

/**
 * The SVG of one shot: the lit backdrop, then each piece of artwork over its shadow (a radial
 * gradient, which costs nothing to draw, where a blur filter would cost a quarter of a second).
 */
async function drawing(shot: Shot, [light, edge]: [string, string]): Promise<string> {
  const art = await artwork(shot.code);
  const pieces = placements(shot.layout)
    .map(({ x, y, size, turn }) => {
      const scale = size / 36;
      return (
        `<ellipse cx="${x + size * 0.05}" cy="${y + size * 0.44}" rx="${size * 0.5}" ry="${size * 0.13}" fill="url(#shadow)"/>` +
        `<g transform="translate(${x} ${y}) rotate(${turn}) scale(${scale}) translate(-18 -18)">${art}</g>`
      );
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 ${SIDE} ${SIDE}">
<defs>
<radialGradient id="bg" cx="45%" cy="35%" r="80%"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${edge}"/></radialGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#2e2418" stop-opacity="0.45"/><stop offset="0.6" stop-color="#2e2418" stop-opacity="0.15"/><stop offset="1" stop-color="#2e2418" stop-opacity="0"/></radialGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.3"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/></linearGradient>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
${pieces}
<rect width="100%" height="100%" fill="url(#sheen)"/>
</svg>`;
}

/** A fine grey grain (raw pixels), laid over a drawing so it reads as a photo rather than flat artwork. */
let grain: Promise<Buffer> | undefined;
function grainLayer(): Promise<Buffer> {
  grain ??= sharp({
    create: {
      width: SIDE,
      height: SIDE,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 14 },
    },
  })
    .raw()
    .toBuffer();
  return grain;
}

/** One shot as a JPEG, as a camera would hand it over. */
async function jpegOf(shot: Shot, backdrop: [string, string]): Promise<Buffer> {
  return sharp(Buffer.from(await drawing(shot, backdrop)))
    .composite([{ input: await grainLayer(), raw: { width: SIDE, height: SIDE, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The index file of this drawing of the recipes in MEDIA_DIR. */
function indexFile(): string {
  const key = createHash('sha256')
    .update(JSON.stringify({ DRAWING_VERSION, RECIPES, SIDE }))
    .digest('hex')
    .slice(0, 16);
  return path.resolve(getConfig().MEDIA_DIR, `demo-photos-${key}.json`);
}

/** The stored photos an index names, when every one of them is still in MEDIA_DIR; null otherwise. */
async function readIndex(file: string): Promise<Map<string, string[]> | null> {
  try {
    const entries = JSON.parse(await readFile(file, 'utf8')) as [string, string[]][];
    const photos = path.resolve(getConfig().MEDIA_DIR);
    for (const [, images] of entries) for (const image of images) await stat(path.join(photos, image));
    return new Map(entries);
  } catch {
    return null;
  }
}

/**
 * The demo products' photos: SKU → stored image values, cover first. Drawn and stored on the first
 * seed into a MEDIA_DIR, read back from its index after that. A failure (a read-only folder) is
 * logged and the products keep their artwork.
 */
export async function demoPhotos(): Promise<Map<string, string[]>> {
  const file = indexFile();
  const known = await readIndex(file);
  if (known) return known;
  try {
    // Drawn side by side (sharp's own threads); stored one after another by the upload's queue.
    const entries = await Promise.all(
      RECIPES.map(
        async (recipe): Promise<[string, string[]]> => [
          recipe.sku,
          await Promise.all(
            recipe.shots.map(async (shot) => (await storeImage(await jpegOf(shot, recipe.backdrop))).image),
          ),
        ],
      ),
    );
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(entries));
    await rename(temporary, file);
    return new Map(entries);
  } catch (err) {
    logger.warn({ err }, 'demo photos could not be stored; the demo products keep their artwork');
    return new Map();
  }
}
