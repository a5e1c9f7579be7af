import { profile } from "../../src/content/profile";
import { projects } from "../../src/content/projects";
import { skills } from "../../src/content/skills";
import { expect, pageSettled, test } from "./fixtures";

// Motion is not the subject here: pages are drawn without the slide-in to wait for.
test.use({ reducedMotion: "reduce", serviceWorkers: "block" });

const nav = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Main" });

test.describe("every page of the spec", () => {
  test("home: greeting, bio and the two buttons", async ({ page }) => {
    await page.goto("/");
    await pageSettled(page);
    await expect(page).toHaveTitle(`Home · ${profile.name}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(profile.greeting);
    for (const paragraph of profile.bio) await expect(page.getByText(paragraph)).toBeVisible();
    // The prerendered portrait stays as it was drawn: React hydrated it without a fetch or a redraw.
    await expect(page.locator(".portrait__frame > svg")).toHaveCount(profile.photo ? 0 : 1);
    await page.getByRole("link", { name: "Contact Me", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Let's Talk" })).toBeVisible();
    await page.goBack();
    await page.getByRole("link", { name: "See My Projects" }).click();
    await expect(page).toHaveURL(/\/project$/);
    await expect(page.getByRole("heading", { level: 1, name: "PROJECTS" })).toBeVisible();
  });

  test("the navigation bar (brand, links in order, current page, toggle and profile links), then skills: heading and one card per skill of the content, each an icon and a name", async ({
    page,
  }) => {
    const svgRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".svg")) svgRequests.push(new URL(request.url()).pathname);
    });
    await page.goto("/skills");
    await pageSettled(page);
    const bar = nav(page);
    await expect(bar.getByRole("link", { name: profile.brand })).toHaveAttribute("href", "/");
    const pageLinks = bar.locator("ul li a");
    await expect(pageLinks).toHaveText(["Home Page", "Projects", "Skills", "Contact me"]);
    expect(await pageLinks.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/",
      "/project",
      "/skills",
      "/contact",
    ]);
    await expect(bar.getByRole("link", { name: "Skills" })).toHaveAttribute("aria-current", "page");
    await expect(bar.locator("[aria-current]")).toHaveCount(1);
    await expect(bar.getByRole("switch", { name: "Dark mode" })).toHaveAttribute("aria-checked", "false");
    await expect(bar.getByRole("link", { name: `E-mail ${profile.name}` })).toHaveAttribute(
      "href",
      `mailto:${profile.email}`,
    );
    for (const [name, href] of [
      [`${profile.networkLabel} profile`, profile.networkUrl],
      ["Resume", profile.resumeUrl],
    ]) {
      const link = bar.getByRole("link", { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute("href", href as string);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }

    await expect(page).toHaveTitle(`Skills · ${profile.name}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Skills & Technologies");
    const cards = page.locator(".skills-grid > li");
    await expect(cards).toHaveText(skills.map((skill) => skill.name));
    const sprites = new Set<string>();
    for (const [index, card] of (await cards.all()).entries()) {
      const icon = card.locator("svg.skill-icon");
      expect((await icon.boundingBox())?.width).toBe(40);
      // A symbol of the one icon sprite, drawn in the brand's colour: the shape the <use> shows
      // has a size only once the sprite has loaded and has that symbol.
      const use = icon.locator("use");
      const href = (await use.getAttribute("href")) ?? "";
      expect(href).toMatch(/^\/assets\/icons-[\w-]+\.svg#[a-z0-9]+$/);
      sprites.add(href.split("#")[0] ?? "");
      await expect
        .poll(() => use.evaluate((element) => (element as SVGUseElement).getBBox().width))
        .toBeGreaterThan(0);
      const hex = skills[index]?.icon.hex ?? "";
      const rgb = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(", ");
      expect(await icon.evaluate((element) => getComputedStyle(element).fill)).toBe(`rgb(${rgb})`);
    }
    // Every icon from one file, fetched once.
    expect([...sprites]).toHaveLength(1);
    expect(svgRequests.filter((path) => path.startsWith("/assets/icons-"))).toEqual([...sprites]);
  });

  test("projects: heading and one card per project with TECHNOLOGIES, bullets and a new-tab link", async ({
    page,
  }) => {
    await page.goto("/project");
    await pageSettled(page);
    await expect(page).toHaveTitle(`Projects · ${profile.name}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("PROJECTS");
    const cards = page.locator("article.project-card");
    await expect(cards).toHaveCount(projects.length);
    for (const [index, project] of projects.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { level: 2 })).toHaveText(project.title);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText("TECHNOLOGIES");
      await expect(card.locator(".project-card__tech li")).toHaveText([...project.tech]);
      await expect(card.locator(".project-card__desc li")).toHaveText([...project.desc]);
      const link = card.getByRole("link", { name: /^Visit Project/ });
      await expect(link).toHaveAttribute("href", project.link);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  test("contact: the form, its fields and the footer links; empty or blank fields open the modal, named by its title and described by its text, which closes by button and Esc", async ({
    page,
  }) => {
    await page.goto("/contact");
    await pageSettled(page);
    await expect(page).toHaveTitle(`Contact · ${profile.name}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Let's Talk");
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("required", "");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("rows", "6");
    await expect(page.getByRole("button", { name: "Say Hello 👋" })).toBeVisible();
    const footer = page.locator(".contact__footer");
    await expect(footer.getByRole("link", { name: profile.email })).toHaveAttribute(
      "href",
      `mailto:${profile.email}`,
    );
    for (const [label, href] of [
      [profile.networkLabel, profile.networkUrl],
      [profile.codeLabel, profile.codeUrl],
    ] as const) {
      const link = footer.getByRole("link", { name: new RegExp(`^${label}`) });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }

    const submit = page.getByRole("button", { name: "Say Hello 👋" });
    await submit.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // Its text is its accessible description, with its title as its name.
    await expect(dialog).toHaveAccessibleName("Almost there");
    await expect(dialog).toHaveAccessibleDescription("Please Fill all Fields!");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(submit).toBeFocused();

    await page.getByLabel("Name", { exact: true }).fill("   ");
    await page.getByLabel("Email", { exact: true }).fill("zoe@example.com");
    await page.getByLabel("Message", { exact: true }).fill("Hello");
    await submit.click();
    await expect(dialog).toContainText("Please Fill all Fields!");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(submit).toBeFocused();
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Hello");
  });

  test.describe("not found", () => {
    // The browser logs the document's 404 status; that status is what this test asks for.
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test("an unknown path is a real 404 that shows the not-found page, whose button returns home", async ({
      page,
    }) => {
      const response = await page.goto("/this/page/does-not-exist");
      expect(response?.status()).toBe(404);
      await pageSettled(page);
      await expect(page).toHaveTitle(`Page not found · ${profile.name}`);
      const illustration = page.getByRole("img", { name: /404/ });
      await expect(illustration).toBeVisible();
      expect(await illustration.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await page.getByRole("link", { name: "Return to Home Page" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("link", { name: "Contact Me", exact: true })).toBeVisible();
    });
  });
});
