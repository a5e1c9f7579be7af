import { existsSync } from "node:fs";
import { join } from "node:path";
import { profile } from "../../../src/content/profile";
import { projects } from "../../../src/content/projects";
import { skills } from "../../../src/content/skills";

/**
 * What any owner's content must satisfy for the site to work. The placeholder owner's exact lists are
 * pinned in `tests/unit/reference-content.test.ts` alone, so editing `src/content/` keeps this green.
 */
describe("content", () => {
  it("has projects, each with a title, technologies, bullet points and an https link", () => {
    expect(projects.length).toBeGreaterThan(0);
    expect(new Set(projects.map((project) => project.title)).size).toBe(projects.length);
    for (const project of projects) {
      expect(project.title.trim()).not.toBe("");
      expect(project.tech.length).toBeGreaterThan(0);
      expect(project.desc.length).toBeGreaterThan(0);
      expect(new URL(project.link).protocol).toBe("https:");
    }
  });

  it("has skills, each with a distinct name and its own icon of the sprite", () => {
    expect(skills.length).toBeGreaterThan(0);
    expect(new Set(skills.map((skill) => skill.name)).size).toBe(skills.length);
    for (const skill of skills) {
      // An icon file imported with `?symbol` (build/icon-sprite.ts) is its symbol's address.
      expect(skill.icon.href).toMatch(/\.svg#[a-z0-9]+$/);
      expect(skill.icon.hex).toMatch(/^[0-9A-F]{6}$/i);
    }
    expect(new Set(skills.map((skill) => skill.icon.href)).size).toBe(skills.length);
  });

  it("has a complete profile", () => {
    expect(profile.email).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
    for (const url of [profile.networkUrl, profile.codeUrl]) expect(new URL(url).protocol).toBe("https:");
    expect(profile.resumeUrl.startsWith("/") || new URL(profile.resumeUrl).protocol === "https:").toBe(true);
    expect(profile.shortName.length).toBeLessThanOrEqual(12);
    expect(profile.bio.length).toBeGreaterThan(0);
    for (const text of [profile.name, profile.brand, profile.greeting, profile.description, ...profile.bio])
      expect(text.trim()).not.toBe("");
  });

  it("names only images that exist in src/content/images/", () => {
    const images = join(import.meta.dirname, "../../../src/content/images");
    for (const project of projects) {
      if (project.image)
        expect(existsSync(join(images, "projects", project.image)), project.image).toBe(true);
    }
    for (const file of [profile.photo?.file, profile.icon]) {
      if (file) expect(existsSync(join(images, file)), file).toBe(true);
    }
  });
});
