import { createLogger, type Logger, resolveConfig } from "vite";
import { MISSING_SITE_URL_WARNING, siteAddress } from "../../build/site-address";
import { renderPageHead, renderRobots, renderSitemap } from "../../src/app/page-head";
import { routes as pages } from "../../src/config/routes";

/** Vite's own logger, with what it warns kept for the test. */
function recordingLogger(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const logger = createLogger("silent");
  logger.warn = (message) => {
    warnings.push(message);
  };
  return { logger, warnings };
}

async function buildWarnings(siteUrl: string | null): Promise<string[]> {
  const { logger, warnings } = recordingLogger();
  await resolveConfig({ configFile: false, customLogger: logger, plugins: [siteAddress(siteUrl)] }, "build");
  return warnings;
}

describe("the public address at build time", () => {
  it("warns, naming VITE_SITE_URL, when a build has no public address", async () => {
    expect(await buildWarnings(null)).toEqual([MISSING_SITE_URL_WARNING]);
    expect(MISSING_SITE_URL_WARNING).toContain("VITE_SITE_URL");
    expect(await buildWarnings("https://portfolio.example.dev")).toEqual([]);
  });

  it("without it, head tags name no address and robots.txt points to no sitemap", () => {
    for (const key of Object.keys(pages) as Array<keyof typeof pages>) {
      const html = renderPageHead(key, null);
      expect(html).not.toMatch(/canonical|og:url|og:image|twitter:image|localhost/);
    }
    expect(
      renderRobots("User-agent: *\nAllow: /\n\nSitemap: http://localhost:4173/sitemap.xml\n", null),
    ).toBe("User-agent: *\nAllow: /\n");
  });

  it("with it, every address is absolute on it", () => {
    const site = "https://portfolio.example.dev";
    expect(renderPageHead("skills", site)).toContain(
      `<link rel="canonical" href="${site}${pages.skills.path}" />`,
    );
    expect(renderSitemap(site)).toContain(`<loc>${site}/</loc>`);
    expect(renderRobots("User-agent: *\n", site)).toBe(`User-agent: *\n\nSitemap: ${site}/sitemap.xml\n`);
  });
});
