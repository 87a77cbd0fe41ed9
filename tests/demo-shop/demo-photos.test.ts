/**
 * The demo shop's photos: a dozen products get photos stored through the upload's pipeline (WebP
 * files in MEDIA_DIR at each width, cover first), and a later seed into the same MEDIA_DIR reuses
 * them rather than drawing them again. Tests keep MEDIA_DIR in a temporary folder (tests/helpers/media.ts).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoPhotos } from '#features/demo-shop/demo-photos.ts';
import { getConfig } from '#lib/config.ts';
import { TEST_MEDIA_DIR } from '../helpers/media.ts';

describe('demo photos', () => {
  it('stores photos for a dozen products in MEDIA_DIR, and a second seed gets the same ones', async () => {
    expect(path.resolve(getConfig().MEDIA_DIR)).toBe(TEST_MEDIA_DIR);
    const photos = await demoPhotos();
    expect(photos.size).toBe(12);
    expect([...photos.values()].filter((images) => images.length === 2).length).toBeGreaterThanOrEqual(6);
    for (const images of photos.values())
      for (const image of images) {
        expect(image).toMatch(/^photos\/[0-9a-f]{32}-\d+x\d+\.webp$/);
        const meta = await sharp(path.join(TEST_MEDIA_DIR, image)).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        const hash = image.slice('photos/'.length, 'photos/'.length + 32);
        const files = (await readdir(path.join(TEST_MEDIA_DIR, 'photos'))).filter((f) => f.startsWith(hash));
        expect(files.filter((f) => f.endsWith('.webp')).length).toBeGreaterThanOrEqual(3);
      }
    const cover = path.join(TEST_MEDIA_DIR, [...photos.values()][0]![0]!);
    const written = (await stat(cover)).mtimeMs;
    const again = await demoPhotos();
    expect([...again.entries()]).toEqual([...photos.entries()]);
    expect((await stat(cover)).mtimeMs).toBe(written);
  });
});
