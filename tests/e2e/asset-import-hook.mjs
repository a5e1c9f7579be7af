// Lets the end-to-end tests import the owner's content (src/content/skill-list.ts imports its icons as
// `*.svg?no-inline` files, which only Vite understands): such an import becomes the file's path.
export async function resolve(specifier, context, nextResolve) {
  const match = /^(.+\.svg)(\?[\w-]*)?$/.exec(specifier);
  if (!match) return nextResolve(specifier, context);
  const { url } = await nextResolve(match[1], context);
  const path = new URL(url).pathname;
  return {
    url: `data:text/javascript,export default ${encodeURIComponent(JSON.stringify(path))};`,
    shortCircuit: true,
  };
}
