/**
 * Content collections: the shop's static and informational pages and its blog, written
 * in Markdown under src/content/ and validated at build time. See docs/editing-pages.md.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * One page per route: the file name is the path (`shipping.md` → /shipping).
 * The body may use the placeholders {email}, {phone} and {address}, filled from configuration.
 */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/pages' }),
  schema: z.object({
    /** Page heading and <title> (the shop name is appended to the title). */
    title: z.string().min(1),
    /** Meta description for search results and link previews, ideally 70–160 characters. */
    description: z.string().min(50).max(200),
    /** Date of the last material change, shown as "Last updated". */
    updated: z.coerce.date(),
  }),
});

/** Blog posts: the file name is the slug (`monsoon-greens.md` → /blog/monsoon-greens). */
const blog = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/blog' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(50).max(200),
    /** Publication date; the index lists newest first. */
    published: z.coerce.date(),
    /** Date of a later revision, if any. */
    updated: z.coerce.date().optional(),
    /** Set to true to keep a post out of the site while it is being written. */
    draft: z.boolean().default(false),
  }),
});

export const collections = { pages, blog };
