/** Path helpers shared by the server and the browser client (no schema, so no zod in the browser). */

/** Fills `{name}` placeholders of a contract's path; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
