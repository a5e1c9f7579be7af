/**
 * The reference content: the placeholder owner this repository ships with, checked word for word
 * against the product's requirements (docs/requirements.md, R-6.2). It is the one test that pins the
 * owner's lists and wording; every other test reads `src/content/`.
 *
 * Delete this file when you rebrand the site with your own content (README, "Make it yours").
 */
import { profile } from "../../src/content/profile";
import { projects } from "../../src/content/project-list";
import { skills } from "../../src/content/skill-list";

const REFERENCE_PROJECT_TITLES = [
  "Public Record Management System",
  "Expense Tracker",
  "Notes pRO",
  "News Ninja",
  "Ninjas To-Do",
  "Online MCQ Practise Platform",
  "Text Transform",
];

const REFERENCE_SKILLS = [
  "C++",
  "Python",
  "Dart",
  "HTML",
  "CSS",
  "JavaScript",
  "React.Js",
  "Node.Js",
  "Express.Js",
  "Tailwind CSS",
  "BootStrap",
  "MongoDB",
  "Firebase",
  "Next.Js",
  "Flutter",
];

const REFERENCE_BIO = [
  "I'm a computer engineering student who builds web apps, mostly with the MERN stack: MongoDB, Express, React and Node.js.",
  "Lately I'm learning mobile development with Flutter and Dart, and I enjoy turning ideas into fast, accessible products.",
];

describe("the reference content (delete this file when you rebrand)", () => {
  it("has the 7 reference projects, in order", () => {
    expect(projects.map((project) => project.title)).toEqual(REFERENCE_PROJECT_TITLES);
  });

  it("has the 15 reference skills, in order", () => {
    expect(skills.map((skill) => skill.name)).toEqual(REFERENCE_SKILLS);
  });

  it("has the reference bio: a computer engineering student, mostly MERN, learning mobile development", () => {
    expect(profile.bio).toEqual(REFERENCE_BIO);
    expect(profile.bio.join(" ")).toMatch(/computer engineering student/);
    expect(profile.bio.join(" ")).toMatch(/MERN stack/);
    expect(profile.bio.join(" ")).toMatch(/mobile development/);
  });
});
