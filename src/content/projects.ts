import type { Project } from "./types";

/** The placeholder covers (`image`, in `src/content/images/projects/`): replace them with screenshots. */
export const projects: readonly Project[] = [
  {
    title: "Public Record Management System",
    tech: ["React", "Node.js", "Express", "MongoDB", "JWT"],
    desc: [
      "A records portal where clerks register, search and update public records, with role-based access for clerks and administrators.",
      "Every change is written to an audit trail, and records can be exported as CSV for reporting.",
      "Server-side pagination and text indexes keep searches fast across thousands of records.",
    ],
    link: "https://github.com/aarav-mehta-dev/public-record-management-system",
    image: "public-record-management-system.svg",
  },
  {
    title: "Expense Tracker",
    tech: ["React", "Redux Toolkit", "Chart.js", "Firebase"],
    desc: [
      "Tracks income and expenses by category and month, with running balances per account.",
      "Charts show where the money goes, and budgets warn before a category is overspent.",
      "Data syncs across devices through Firebase Authentication and Firestore.",
    ],
    link: "https://github.com/aarav-mehta-dev/expense-tracker",
    image: "expense-tracker.svg",
  },
  {
    title: "Notes pRO",
    tech: ["React", "Node.js", "Express", "MongoDB", "Bootstrap"],
    desc: [
      "A notes app with sign-up and login, where each user creates, edits, tags and deletes private notes.",
      "A REST API secured with hashed passwords and JSON Web Tokens.",
      "Responsive layout with a dark theme and keyboard shortcuts for the editor.",
    ],
    link: "https://github.com/aarav-mehta-dev/notes-pro",
    image: "notes-pro.svg",
  },
  {
    title: "News Ninja",
    tech: ["React", "News API", "Bootstrap", "Infinite scroll"],
    desc: [
      "Top headlines by category (business, sports, science, technology and more) from a public news API.",
      "Infinite scrolling with a loading bar, and images that fall back gracefully when a source has none.",
      "Category routes that can be bookmarked and shared.",
    ],
    link: "https://github.com/aarav-mehta-dev/news-ninja",
    image: "news-ninja.svg",
  },
  {
    title: "Ninjas To-Do",
    tech: ["JavaScript", "HTML", "CSS", "Local Storage"],
    desc: [
      "A fast to-do list with add, edit, complete and delete, and filters for active and completed tasks.",
      "Tasks are kept in the browser's local storage, so they survive a reload without any account.",
      "Written in plain JavaScript with no framework, to practise DOM APIs.",
    ],
    link: "https://github.com/aarav-mehta-dev/ninjas-todo",
    image: "ninjas-to-do.svg",
  },
  {
    title: "Online MCQ Practise Platform",
    tech: ["Next.js", "Node.js", "MongoDB", "Tailwind CSS"],
    desc: [
      "Timed multiple-choice practice tests by subject and difficulty, scored instantly with explanations.",
      "Teachers add questions in bulk; students see their history and weakest topics.",
      "Questions are shuffled per attempt, and answers are checked on the server.",
    ],
    link: "https://github.com/aarav-mehta-dev/mcq-practise-platform",
    image: "online-mcq-practise-platform.svg",
  },
  {
    title: "Text Transform",
    tech: ["React", "JavaScript", "Bootstrap"],
    desc: [
      "Transforms text in one click: upper and lower case, remove extra spaces, copy to the clipboard.",
      "Live word and character counts with an estimated reading time.",
      "Light and dark modes with accessible colour contrast.",
    ],
    link: "https://github.com/aarav-mehta-dev/text-transform",
    image: "text-transform.svg",
  },
];
