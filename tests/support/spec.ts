/** Fixed lists of the spec (§3), for tests that check the site against it. */

export const SPEC_PROJECT_TITLES = [
  "Public Record Management System",
  "Expense Tracker",
  "Notes pRO",
  "News Ninja",
  "Ninjas To-Do",
  "Online MCQ Practise Platform",
  "Text Transform",
];

export const SPEC_SKILLS = [
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
