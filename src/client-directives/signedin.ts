/**
 * `client:signedin` — hydrates an island only for a signed-in visitor: when the browser is idle
 * if the page loaded signed in (`<html data-auth="in">`, which the layout's head script sets from
 * the readable hint cookie before this runs), or when the visitor signs in later on the same
 * page (the session store's `ff:signed-in` event, src/features/auth/store.ts). A guest downloads
 * none of the island's JavaScript. Meant for islands that show nothing to guests (Buy again) on
 * pages whose HTML is the same for everyone (the anonymous page cache), or whose guest view is
 * static server HTML (a guest's /cart); the island itself still follows the session store
 * (signing out, a 401) once it has hydrated.
 */
import type { ClientDirective } from 'astro';

const signedin: ClientDirective = (load) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    window.removeEventListener('ff:signed-in', onSignIn);
    try {
      await (await load())();
    } catch (err) {
      // Only extras use this directive: the page works without them.
      console.error('island failed to hydrate', err);
    }
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate());
    else setTimeout(() => void hydrate(), 200);
  };
  const onSignIn = () => whenIdle();

  if (document.documentElement.dataset.auth === 'in') whenIdle();
  else window.addEventListener('ff:signed-in', onSignIn);
};

export default signedin;
