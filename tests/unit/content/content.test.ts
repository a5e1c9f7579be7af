import { readFileSync } from "node:fs";
import { join } from "node:path";
import { profile } from "../../../src/content/profile";
import { projects } from "../../../src/content/projects";
import { skills } from "../../../src/content/skills";
import { SPEC_PROJECT_TITLES, SPEC_SKILLS } from "../../support/spec";

const ROOT = join(import.meta.dirname, "../../..");

describe("content", () => {
  it("has the spec's 7 projects, in order, each complete", () => {
    expect(projects.map((project) => project.title)).toEqual(SPEC_PROJECT_TITLES);
    for (const project of projects) {
      expect(project.tech.length).toBeGreaterThan(0);
      expect(project.desc.length).toBeGreaterThan(0);
      expect(new URL(project.link).protocol).toBe("https:");
    }
  });

  it("has the spec's 15 skills, each with a bundled SVG icon", () => {
    expect(skills.map((skill) => skill.name)).toEqual(SPEC_SKILLS);
    for (const skill of skills) {
      const file = skill.icon.src.split("?")[0] ?? "";
      expect(file).toMatch(/\.svg$/);
      expect(readFileSync(join(ROOT, file), "utf8")).toMatch(
        /^<svg[^>]*viewBox="0 0 24 24"[\s\S]*<path d="M/,
      );
      expect(skill.icon.hex).toMatch(/^[0-9A-F]{6}$/i);
    }
    expect(new Set(skills.map((skill) => skill.icon.src)).size).toBe(skills.length);
  });

  it("has a complete profile", () => {
    expect(profile.email).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
    for (const url of [profile.networkUrl, profile.codeUrl]) expect(new URL(url).protocol).toBe("https:");
    expect(profile.resumeUrl.startsWith("/") || new URL(profile.resumeUrl).protocol === "https:").toBe(true);
    expect(profile.shortName.length).toBeLessThanOrEqual(12);
    expect(profile.bio.join(" ")).toMatch(/computer engineering student/i);
    expect(profile.bio.join(" ")).toMatch(/MERN/);
    expect(profile.bio.join(" ")).toMatch(/mobile development/i);
  });
});
