/** Type of the custom `client:interact` directive for .astro templates. */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first hover, focus, touch or click (src/client-directives/interact.ts). */
    'client:interact'?: boolean;
  }
}
