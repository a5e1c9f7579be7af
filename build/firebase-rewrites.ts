/**
 * firebase.json's rewrites follow the route table (`src/config/routes.ts`): each page's path to its
 * prerendered file ("/" is index.html already; Firebase serves 404.html for the rest). `npm run build`
 * writes them; `tests/unit/config/routes.test.ts` fails when the committed file differs.
 */
import { pageFile, routeIds, routes } from "../src/config/routes";

export function firebaseRewrites(): { source: string; destination: string }[] {
  return routeIds.flatMap((id) => {
    const { path } = routes[id];
    return path === null || path === "/" ? [] : [{ source: path, destination: `/${pageFile(id)}` }];
  });
}

/** firebase.json's text with its `rewrites` list replaced (one rule a line); the rest keeps its formatting. */
export function withRewrites(text: string): string {
  const rules = firebaseRewrites().map(
    ({ source, destination }) =>
      `      { "source": ${JSON.stringify(source)}, "destination": ${JSON.stringify(destination)} }`,
  );
  const list = /("rewrites":\s*\[)[\s\S]*?(\n\s*\])/;
  if (!list.test(text))
    throw new Error('firebase.json has no "rewrites" list under "hosting": add it once by hand.');
  return text.replace(list, (_match, open: string, close: string) => `${open}\n${rules.join(",\n")}${close}`);
}
