/**
 * The island renderer's server entry (astro.config.mjs, `addRenderer`): src/server/island-renderer.ts
 * over `@astrojs/react`'s server renderer.
 */
import react from '@astrojs/react/server.js';
import { createIslandRenderer } from './island-renderer.ts';

export default createIslandRenderer(react);
