import {
  siBootstrap,
  siCplusplus,
  siCss,
  siDart,
  siExpress,
  siFirebase,
  siFlutter,
  siHtml5,
  siJavascript,
  siMongodb,
  siNextdotjs,
  siNodedotjs,
  siPython,
  siReact,
  siTailwindcss,
} from "simple-icons";
import type { Skill } from "./types";

/** Icons are bundled SVG paths from simple-icons (CC0): no icon CDN, no icon font. */
export const skills: readonly Skill[] = [
  { name: "C++", icon: siCplusplus },
  { name: "Python", icon: siPython },
  { name: "Dart", icon: siDart },
  { name: "HTML", icon: siHtml5 },
  { name: "CSS", icon: siCss },
  { name: "JavaScript", icon: siJavascript },
  { name: "React.Js", icon: siReact },
  { name: "Node.Js", icon: siNodedotjs },
  { name: "Express.Js", icon: siExpress },
  { name: "Tailwind CSS", icon: siTailwindcss },
  { name: "BootStrap", icon: siBootstrap },
  { name: "MongoDB", icon: siMongodb },
  { name: "Firebase", icon: siFirebase },
  { name: "Next.Js", icon: siNextdotjs },
  { name: "Flutter", icon: siFlutter },
];
