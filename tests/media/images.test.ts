/**
 * How pages render an image's stored value (src/lib/images.ts): an uploaded photo gets a srcset
 * of its stored widths (never wider than the photo) and its size; artwork and outside URLs keep one file.
 */
import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrl, photoSize, responsiveImage, responsiveImageProps } from '#lib/images.ts';

const HASH = '0123456789abcdef0123456789abcdef';

describe('photo srcset', () => {
  it('lists each stored width of a large photo, the largest under its own name', () => {
    const url = imageUrl(`photos/${HASH}-1280x960.webp`);
    expect(url).toBe(`/media/photos/${HASH}-1280x960.webp`);
    expect(imageSrcSet(url)).toBe(
      `/media/photos/${HASH}-320.webp 320w, /media/photos/${HASH}-640.webp 640w, /media/photos/${HASH}-1280x960.webp 1280w`,
    );
    expect(photoSize(url)).toEqual({ width: 1280, height: 960 });
  });

  it('stops at the photo’s own width when it is narrower than the largest', () => {
    const url = imageUrl(`photos/${HASH}-500x700.webp`, 'https://cdn.example/media/');
    expect(imageSrcSet(url)).toBe(
      `https://cdn.example/media/photos/${HASH}-320.webp 320w, https://cdn.example/media/photos/${HASH}-500x700.webp 500w`,
    );
  });

  it('gives artwork, outside URLs and other values no srcset', () => {
    for (const value of ['/media/emoji/1f345.svg', 'https://cdn.example/a.jpg', '/images/placeholder.svg', null, 42]) {
      expect(imageSrcSet(value)).toBeUndefined();
      expect(photoSize(value)).toBeNull();
      expect(responsiveImage(value, '96px')).toEqual({});
      expect(responsiveImageProps(value, '96px')).toEqual({});
    }
  });

  it('spells the attributes for Astro and for React', () => {
    const url = `/media/photos/${HASH}-320x320.webp`;
    expect(responsiveImage(url, '96px')).toEqual({ srcset: `${url} 320w`, sizes: '96px' });
    expect(responsiveImageProps(url, '96px')).toEqual({ srcSet: `${url} 320w`, sizes: '96px' });
  });
});
