import type { Profile } from "./types";

export const profile: Profile = {
  lang: "en",
  name: "Aarav Mehta",
  jobTitle: "Computer engineering student and web developer",
  brand: "Aarav.dev",
  shortName: "Aarav",
  greeting: "Hi, I'm Aarav 👋",
  bio: [
    "I'm a computer engineering student who builds web apps, mostly with the MERN stack: MongoDB, Express, React and Node.js.",
    "Lately I'm learning mobile development with Flutter and Dart, and I enjoy turning ideas into fast, accessible products.",
  ],
  description:
    "Portfolio of Aarav Mehta, a computer engineering student building web apps with the MERN stack and learning mobile development.",
  email: "aarav.mehta.dev@example.com",
  networkUrl: "https://www.linkedin.com/in/aarav-mehta-dev",
  networkLabel: "LinkedIn",
  codeUrl: "https://github.com/aarav-mehta-dev",
  codeLabel: "GitHub",
  // Made by the build from these content files (build/resume.ts); to ship your own PDF, put it at
  // public/resume.pdf, or give the address of one elsewhere.
  resumeUrl: "/resume.pdf",
};
