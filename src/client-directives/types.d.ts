/** Types of the custom `client:interact` and `client:signedin` directives for .astro templates. */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first hover, focus, touch or click (src/client-directives/interact.ts). */
    'client:interact'?: boolean;
    /** Hydrate when idle only for a signed-in visitor, or once one signs in (src/client-directives/signedin.ts). */
    'client:signedin'?: boolean;
  }
}
