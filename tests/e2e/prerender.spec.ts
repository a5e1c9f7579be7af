import { SHARE_IMAGE } from "../../src/app/page-head";
import { routes } from "../../src/config/routes";
import { profile } from "../../src/content/profile";
import { projects } from "../../src/content/projects";
import { BOOT_SCRIPT } from "../../src/shared/boot-script";
import { expect, test } from "./fixtures";
import { builtSiteUrl } from "./share-helpers";

/** The headings of a page's HTML, with their text (tags stripped, entities of the text decoded). */
function headings(html: string): { level: number; text: string }[] {
  return [...html.matchAll(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/g)].map((match) => ({
    level: Number(match[1]),
    text: (match[2] ?? "")
      .replace(/<[^>]+>/g, "")
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, "&"),
  }));
}

/** Each page as a crawler or a browser with JavaScript off receives it. */
const ROUTES = [
  { path: "/", key: "home", h1: profile.greeting, status: 200 },
  { path: "/skills", key: "skills", h1: "Skills & Technologies", status: 200 },
  { path: "/project", key: "projects", h1: "PROJECTS", status: 200 },
  { path: "/contact", key: "contact", h1: "Let's Talk", status: 200 },
  { path: "/no/such/page", key: "notFound", h1: "Page not found", status: 404 },
] as const;

test.use({ serviceWorkers: "block" });

test.describe("prerendered pages", () => {
  for (const route of ROUTES) {
    test(`${route.path} arrives as finished HTML with its own head tags`, async ({ request }) => {
      const response = await request.get(route.path);
      expect(response.status()).toBe(route.status);
      const html = await response.text();
      const page = routes[route.key];
      expect(html).toContain(`<title>${page.title} · ${profile.name}</title>`);
      expect(html).toContain(
        `<meta name="description" content="${page.description.replace(/'/g, "&#x27;")}"`,
      );
      expect(
        headings(html)
          .filter((heading) => heading.level === 1)
          .map((heading) => heading.text),
      ).toEqual([route.h1]);
      // No empty heading anywhere (a closed dialog's title included).
      expect(headings(html).filter((heading) => heading.text.trim() === "")).toEqual([]);
      // The not-found page is also a file (404.html) a host may serve with 200: never indexed.
      expect(html.includes('<meta name="robots" content="noindex" />')).toBe(route.key === "notFound");
      // Absolute address tags only with VITE_SITE_URL (site-url.spec.ts checks both builds).
      if (builtSiteUrl) {
        expect(html).toContain(`<meta property="og:image" content="${builtSiteUrl}${SHARE_IMAGE.path}"`);
        expect(html).toMatch(/<meta name="twitter:image:alt" content="[^"]+"/);
        expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
      } else {
        expect(html).toContain('<meta name="twitter:card" content="summary"');
      }
      if (page.path === null || !builtSiteUrl) expect(html).not.toContain('rel="canonical"');
      else expect(html).toContain(`<link rel="canonical" href="${new URL(page.path, builtSiteUrl).href}"`);
      // The page is plain HTML: its one script is the boot script after it, which the CSP
      // allows by hash and which starts the app only after the first paint.
      // (The home page's JSON-LD is data, not a script: the browser never runs it.)
      const scripts = [
        ...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/gi),
      ].map((match) => match[1]);
      expect(scripts).toEqual([BOOT_SCRIPT]);
      expect(html.indexOf("<script data-entry")).toBeGreaterThan(html.indexOf("</main>"));
    });
  }

  test("the link-preview image is a 1200×630 PNG", async ({ request }) => {
    const response = await request.get(SHARE_IMAGE.path);
    expect(response.ok()).toBe(true);
    const bytes = await response.body();
    // PNG: the IHDR chunk's width and height follow the signature and the chunk header.
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }).toEqual({
      width: SHARE_IMAGE.width,
      height: SHARE_IMAGE.height,
    });
  });

  test("sitemap.xml lists every page and robots.txt points to it", async ({ request }) => {
    test.skip(builtSiteUrl === null, "no sitemap without VITE_SITE_URL (site-url.spec.ts)");
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const page of Object.values(routes)) {
      if (page.path !== null) expect(sitemap).toMatch(new RegExp(`<loc>https?://[^<]+${page.path}</loc>`));
    }
    expect(await (await request.get("/robots.txt")).text()).toMatch(
      /^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m,
    );
  });
});

test.describe("the page's typefaces", () => {
  // The not-found page's own status, logged by the browser as a failed load.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("every page fetches the faces it draws with its HTML, once each, and draws each one", async ({
    page,
  }) => {
    for (const route of ROUTES) {
      await page.goto(route.path);
      await page.evaluate(() => document.fonts.ready);
      const { preloaded, fetched, drawn, drawnSubsets } = await page.evaluate(() => {
        const faces = [...document.fonts].filter(
          (face) => face.status === "loaded" && !face.family.endsWith("Fallback"),
        );
        return {
          preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map(
            (link) => link.href,
          ),
          fetched: performance
            .getEntriesByType("resource")
            .filter((entry) => entry.name.endsWith(".woff2"))
            .map((entry) => ({
              url: entry.name,
              by: (entry as PerformanceResourceTiming).initiatorType,
            })),
          // Faces for every character, and subsets for other characters (loaded on need).
          drawn: faces.filter((face) => face.unicodeRange === "U+0-10FFFF").length,
          drawnSubsets: faces.filter((face) => face.unicodeRange !== "U+0-10FFFF").length,
        };
      });
      expect(preloaded.length, route.path).toBeGreaterThan(0);
      // Each fetched once, by its preload: a preload whose CORS mode differed from the face's
      // would be fetched twice, and a face the preloads missed would be fetched by the stylesheet.
      for (const href of preloaded)
        expect(
          fetched.filter((entry) => entry.url === href),
          `${route.path} ${href}`,
        ).toEqual([{ url: href, by: "link" }]);
      expect(drawn, route.path).toBe(preloaded.length);
      expect(fetched.length - preloaded.length, route.path).toBe(drawnSubsets);
    }
  });
});

test.describe("with JavaScript turned off", () => {
  test.use({ javaScriptEnabled: false });

  test("every page still shows its content, navigation and links, and links the manifest", async ({
    page,
  }) => {
    for (const route of ROUTES.filter((r) => r.status === 200)) {
      await page.goto(route.path);
      await expect(page.locator("main h1")).toBeVisible();
      // Without scripts no boot module links it after the load: the page's <noscript> does.
      await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute(
        "href",
        "/manifest.webmanifest",
      );
      await expect(
        page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Skills" }),
      ).toBeVisible();
      await expect(page.getByRole("switch", { name: "Dark mode" })).toBeVisible();
    }
    await page.goto("/project");
    await expect(page.locator("article.project-card")).toHaveCount(projects.length);
  });
});
