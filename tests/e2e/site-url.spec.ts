import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SHARE_IMAGE } from "../../src/app/page-head";
import { routes as pages } from "../../src/config/routes";
import { profile } from "../../src/content/profile";
import { QR_CODE_FILE } from "../../src/features/share/qr-code-file";
import { expect, test } from "./fixtures";
import { ROOT } from "./server";
import { builtSiteUrl, readQrCode } from "./share-helpers";
import { SITE_URL, siteUrlDist } from "./site-url-build";

/** Every prerendered page of a build, by file. */
function builtPages(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) =>
    file.endsWith(".html"),
  );
  return Object.fromEntries(files.map((file) => [file, readFileSync(join(dir, file), "utf8")]));
}

/** The home page's JSON-LD, parsed. */
function structuredData(html: string): Record<string, unknown> {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!block?.[1]) throw new Error("no JSON-LD block");
  return JSON.parse(block[1]) as Record<string, unknown>;
}

const HOME = (dir: string) => readFileSync(join(dir, "index.html"), "utf8");

test.describe("the public address (VITE_SITE_URL)", () => {
  test("unset: no page names an address, there is no sitemap, robots.txt has no Sitemap line", () => {
    test.skip(builtSiteUrl !== null, "dist/ was built with VITE_SITE_URL");
    const dist = join(ROOT, "dist");
    const built = builtPages(dist);
    expect(Object.keys(built)).toEqual(expect.arrayContaining(["index.html", "404.html"]));
    for (const [file, html] of Object.entries(built)) {
      expect(html, file).not.toMatch(/localhost|127\.0\.0\.1/);
      expect(html, file).not.toContain('rel="canonical"');
      expect(html, file).not.toMatch(/property="og:(url|image)"|name="twitter:image"/);
    }
    expect(existsSync(join(dist, "sitemap.xml"))).toBe(false);
    expect(readFileSync(join(dist, "robots.txt"), "utf8")).not.toMatch(/Sitemap:/i);
    expect(existsSync(join(dist, QR_CODE_FILE))).toBe(false);
  });

  test("set: canonical, og:url, og:image and the sitemap are absolute on it; the QR code is built in", async ({
    page,
  }) => {
    const site = SITE_URL;
    const outDir = siteUrlDist();
    const built = builtPages(outDir);
    for (const [key, info] of Object.entries(pages)) {
      const file =
        info.path === null
          ? "404.html"
          : info.path === "/"
            ? "index.html"
            : `${info.path.slice(1)}/index.html`;
      const html = built[file] ?? "";
      expect(html, key).toContain(`<meta property="og:image" content="${site}${SHARE_IMAGE.path}" />`);
      if (info.path === null) {
        expect(html, key).not.toContain('rel="canonical"');
      } else {
        const url = new URL(info.path, site).href;
        expect(html, key).toContain(`<link rel="canonical" href="${url}" />`);
        expect(html, key).toContain(`<meta property="og:url" content="${url}" />`);
      }
    }
    const sitemap = readFileSync(join(outDir, "sitemap.xml"), "utf8");
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(
      Object.values(pages).flatMap((info) => (info.path === null ? [] : [new URL(info.path, site).href])),
    );
    expect(readFileSync(join(outDir, "robots.txt"), "utf8")).toMatch(
      new RegExp(`^Sitemap: ${site}/sitemap\\.xml$`, "m"),
    );
    expect(structuredData(HOME(outDir))).toMatchObject({ name: profile.name, url: `${site}/` });

    // The QR code, drawn at build time, reads back as the address, and is precached.
    const svg = readFileSync(join(outDir, QR_CODE_FILE), "utf8");
    expect(readFileSync(join(outDir, "sw.js"), "utf8")).toContain(`"${QR_CODE_FILE.slice(1)}"`);
    await page.setContent(
      `<img alt="code" width="240" height="240" src="data:image/svg+xml,${encodeURIComponent(svg)}">`,
    );
    await expect(page.getByRole("img", { name: "code" })).toHaveJSProperty("complete", true);
    expect(await readQrCode(page.getByRole("img", { name: "code" }))).toBe(`${site}/`);
  });
});

test.describe("structured data", () => {
  test("the home page names its owner as a schema.org Person from the content files", () => {
    const data = structuredData(HOME(join(ROOT, "dist")));
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Person",
      name: profile.name,
      jobTitle: profile.jobTitle,
      sameAs: [profile.networkUrl, profile.codeUrl],
    });
    if (builtSiteUrl) expect(data.url).toBe(new URL("/", builtSiteUrl).href);
    else expect(data).not.toHaveProperty("url");
    // Only the home page carries it.
    expect(readFileSync(join(ROOT, "dist/skills/index.html"), "utf8")).not.toContain("application/ld+json");
  });
});
