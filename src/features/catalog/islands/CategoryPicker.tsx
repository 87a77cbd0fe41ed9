/**
 * The navigation bar's Category control and the category picker overlay
 * (docs/storefront-rules.md#categories-and-subcategories).
 *
 * A modal dialog titled Categories: on every open it fetches the categories, shows a spinner
 * while loading and "Failed to load categories. Please try again later." when the call fails or
 * answers success false; otherwise a grid of image and title. Choosing a category goes to
 * /category/{id}/subcategories and closes. Escape, the close button and a click outside close it;
 * focus stays inside while open (native modal dialog plus a Tab wrap) and returns to the opener.
 *
 * The spec's "Back to Categories" control appears only once a category is selected inside the
 * overlay, which its own click flow never does (choosing navigates away at once), so it is left
 * out. Before hydration the control is a plain link to /categories, so it works without JS.
 * Any island can open the overlay with `openOverlay('categories')`.
 */

import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { isAbortError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { PLACEHOLDER_IMAGE, responsiveImageProps, showPlaceholder } from '#lib/images.ts';
import { opensInPlace } from '#lib/ui/enhanced-link.ts';
import { GridIcon } from '#lib/ui/icons.tsx';
import ModalDialog from '#lib/ui/ModalDialog.tsx';
import { $overlay, closeOverlay, openOverlay } from '#lib/ui/overlay-store.ts';
import type { listCategoriesRoute } from '../contract.ts';
import { CATEGORY_MESSAGES, categoryHref } from '../rules.ts';

const FAILED = CATEGORY_MESSAGES.failed;

interface CategoryItem {
  id: number;
  title: string;
  image: string;
}

type Status = 'loading' | 'error' | 'ready';

/** The Category button (text on desktop, icon on mobile) and the Categories dialog. */
function CategoryPicker() {
  const open = useStore($overlay) === 'categories';
  const [hydrated, setHydrated] = useState(false);
  const [status, setStatus] = useState<Status>('loading');
  const [categories, setCategories] = useState<CategoryItem[]>([]);

  useEffect(() => setHydrated(true), []);

  // Each open fetches the list afresh (ModalDialog shows the dialog and returns the focus).
  useEffect(() => {
    if (!open) return;
    setStatus('loading');
    const controller = new AbortController();
    callRoute<typeof listCategoriesRoute>('GET /api/customer/product-categories', {
      signal: controller.signal,
      fallbackMessage: FAILED,
    })
      .then(({ data }) => {
        // Either of the spec's names; the placeholder for a missing image.
        setCategories(
          data.categories.map((c) => ({ id: c.id, title: c.title || c.name, image: c.image || PLACEHOLDER_IMAGE })),
        );
        setStatus('ready');
      })
      .catch((err: unknown) => {
        if (isAbortError(err) || controller.signal.aborted) return;
        console.error('Failed to load categories', err);
        setStatus('error');
      });
    return () => controller.abort();
  }, [open]);

  const triggerClass =
    'inline-flex h-10 items-center gap-1.5 rounded-full px-2 text-sm font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-700 md:px-3';
  const label = (
    <>
      <GridIcon className="h-6 w-6 md:h-5 md:w-5" />
      <span className="sr-only md:not-sr-only">Category</span>
    </>
  );

  return (
    <>
      {/* One element before and after hydration, so the first tap opens the overlay. */}
      <a
        href="/categories"
        role={hydrated ? 'button' : undefined}
        aria-haspopup={hydrated ? 'dialog' : undefined}
        className={triggerClass}
        {...opensInPlace(() => openOverlay('categories'))}
      >
        {label}
      </a>
      <ModalDialog
        open={open}
        title="Categories"
        closeLabel="Close categories"
        onClose={() => closeOverlay('categories')}
        variant="adaptive"
        width="md:w-[min(48rem,calc(100vw-2rem))]"
      >
        {status === 'loading' && (
          <div role="status" className="flex justify-center py-10">
            <span
              className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700"
              aria-hidden="true"
            />
            <span className="sr-only">Loading categories</span>
          </div>
        )}
        {status === 'error' && (
          <p role="alert" className="py-10 text-center text-sm font-medium text-sale-600">
            {FAILED}
          </p>
        )}
        {status === 'ready' && categories.length === 0 && (
          <p className="py-10 text-center text-sm text-slate-600">No categories available.</p>
        )}
        {status === 'ready' && categories.length > 0 && (
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-5">
            {categories.map((c) => (
              <li key={c.id}>
                <a
                  href={categoryHref(c.id)}
                  onClick={() => closeOverlay('categories')}
                  className="flex h-full flex-col items-center gap-2 rounded-xl p-2 text-center hover:bg-brand-50"
                >
                  <img
                    src={c.image}
                    {...responsiveImageProps(c.image, '72px')}
                    alt=""
                    width={72}
                    height={72}
                    loading="lazy"
                    decoding="async"
                    onError={showPlaceholder}
                    className="h-16 w-16 rounded-full bg-brand-50 object-contain p-2 md:h-[4.5rem] md:w-[4.5rem]"
                  />
                  <span className="text-xs font-medium leading-tight text-slate-900 md:text-sm">{c.title}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </ModalDialog>
    </>
  );
}

export default CategoryPicker;
