// Resolves "/static/..." to src/vaka/web/static/... (see paths.mjs).
const STATIC = new URL("../../../src/vaka/web/static/", import.meta.url);

export async function resolve(specifier, context, next) {
  if (specifier.startsWith("/static/")) {
    return next(new URL(specifier.slice("/static/".length), STATIC).href, context);
  }
  return next(specifier, context);
}
