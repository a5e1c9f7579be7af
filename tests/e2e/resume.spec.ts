import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getDocumentProxy } from "unpdf";
import { profile } from "../../src/content/profile";
import { expect, pageSettled, test } from "./fixtures";
import { cachedUrls, expectWorkerInControl } from "./pwa-helpers";
import { ROOT } from "./server";

// Motion is not the subject here: pages are drawn without the slide-in to wait for.
test.use({ reducedMotion: "reduce" });

test.describe("the résumé", () => {
  test("is linked from the navigation bar and opens offline from the worker's cache", async ({
    page,
    context,
    baseURL,
  }) => {
    expect(profile.resumeUrl).toBe("/resume.pdf");
    await page.goto("/");
    await pageSettled(page);
    const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Resume/ });
    await expect(link).toHaveAttribute("href", profile.resumeUrl);
    await expectWorkerInControl(page);
    expect(await cachedUrls(page)).toContainEqual(expect.stringMatching(/\/resume\.pdf(\?|$)/));

    await context.setOffline(true);
    const fetched = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return {
        status: response.status,
        type: response.headers.get("content-type"),
        bytes: Array.from(new Uint8Array(await response.arrayBuffer())),
      };
    }, new URL(profile.resumeUrl, baseURL).href);
    await context.setOffline(false);

    expect(fetched.status).toBe(200);
    expect(fetched.type).toBe("application/pdf");
    // The build made it from the content (build/resume.ts): the owner's name is its title.
    const pdf = Buffer.from(fetched.bytes);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.equals(readFileSync(join(ROOT, "dist", profile.resumeUrl)))).toBe(true);
    // Read as a PDF reader reads it (the string's encoding is pdfkit's business).
    const { info } = await (await getDocumentProxy(new Uint8Array(pdf))).getMetadata();
    expect(info).toMatchObject({ Author: profile.name });
  });
});
