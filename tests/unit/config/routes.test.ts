import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { appRoutes } from "../../../src/app/app-routes";
import { appPaths, navLinks, pageFile, routeIds, routes } from "../../../src/config/routes";
import { navigationCandidates } from "../../../sw/navigation";

interface FirebaseHosting {
  public: string;
  cleanUrls?: boolean;
  trailingSlash?: boolean;
  rewrites?: Array<{ source?: string; regex?: string; destination?: string; function?: unknown }>;
  redirects?: Array<{ source?: string; regex?: string; destination: string }>;
}

const firebase = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../firebase.json"), "utf8")) as {
  hosting: FirebaseHosting;
};
const hosting = firebase.hosting;

describe("the route table", () => {
  it("holds the spec's routes and navigation links, in the spec's order", () => {
    expect(appPaths).toEqual(["/", "/project", "/skills", "/contact"]);
    expect(navLinks.map(({ to, label }) => [to, label])).toEqual([
      ["/", "Home Page"],
      ["/project", "Projects"],
      ["/skills", "Skills"],
      ["/contact", "Contact me"],
    ]);
  });

  it("gives the router one route per entry, under the layout, with the table's ids and paths", () => {
    const children = appRoutes[0]?.children ?? [];
    expect(children.map((route) => [route.id, route.path])).toEqual(
      routeIds.map((id) => [id, routes[id].path ?? "*"]),
    );
    for (const route of children) expect(typeof route.lazy).toBe("function");
  });

  it("answers each route's navigation in the service worker with its prerendered page", () => {
    for (const id of routeIds) {
      const { path } = routes[id];
      const expected = `/${pageFile(id)}`;
      const candidates = navigationCandidates(path ?? "/no/such/page");
      expect(candidates[0]).toBe(expected);
    }
  });
});

describe("firebase.json agrees with the route table", () => {
  it("serves dist/ and lets Firebase's 404.html be the not-found page", () => {
    expect(hosting.public).toBe("dist");
    expect(pageFile("notFound")).toBe("404.html");
  });

  it("rewrites every route except / to its prerendered page, and nothing else", () => {
    const expected = routeIds
      .flatMap((id) => {
        const { path } = routes[id];
        return path === null || path === "/" ? [] : [{ source: path, destination: `/${pageFile(id)}` }];
      })
      .sort((a, b) => a.source.localeCompare(b.source));
    const actual = [...(hosting.rewrites ?? [])].sort((a, b) =>
      (a.source ?? a.regex ?? "").localeCompare(b.source ?? b.regex ?? ""),
    );
    expect(actual).toEqual(expected);
  });

  it("has no catch-all rewrite or redirect that would hide the real 404 for unknown paths", () => {
    const catchAll = (entry: { source?: string; regex?: string }) =>
      entry.source === "**" || entry.source === "/**" || entry.regex === ".*" || entry.regex === "^.*$";
    expect((hosting.rewrites ?? []).filter(catchAll)).toEqual([]);
    expect((hosting.redirects ?? []).filter(catchAll)).toEqual([]);
  });
});
