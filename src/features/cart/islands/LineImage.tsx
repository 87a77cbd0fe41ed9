import { PLACEHOLDER_IMAGE, showPlaceholder } from '#lib/images.ts';
import type { CartItem } from '../store.ts';

/** A cart line's product image (56 px box, the photo's smallest rendition as the cart API sends it; the placeholder when missing or broken, decorative: the name is the line's label). */
export function LineImage({ item, className, lazy = false }: { item: CartItem; className: string; lazy?: boolean }) {
  return (
    <img
      src={item.image || PLACEHOLDER_IMAGE}
      alt=""
      width={56}
      height={56}
      loading={lazy ? 'lazy' : undefined}
      className={`shrink-0 rounded-lg bg-brand-50 object-contain p-1 ${className}`}
      onError={showPlaceholder}
    />
  );
}
