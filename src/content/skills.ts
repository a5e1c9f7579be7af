import bootstrap from "simple-icons/icons/bootstrap.svg?symbol";
import cplusplus from "simple-icons/icons/cplusplus.svg?symbol";
import css from "simple-icons/icons/css.svg?symbol";
import dart from "simple-icons/icons/dart.svg?symbol";
import express from "simple-icons/icons/express.svg?symbol";
import firebase from "simple-icons/icons/firebase.svg?symbol";
import flutter from "simple-icons/icons/flutter.svg?symbol";
import html5 from "simple-icons/icons/html5.svg?symbol";
import javascript from "simple-icons/icons/javascript.svg?symbol";
import mongodb from "simple-icons/icons/mongodb.svg?symbol";
import nextdotjs from "simple-icons/icons/nextdotjs.svg?symbol";
import nodedotjs from "simple-icons/icons/nodedotjs.svg?symbol";
import python from "simple-icons/icons/python.svg?symbol";
import react from "simple-icons/icons/react.svg?symbol";
import tailwindcss from "simple-icons/icons/tailwindcss.svg?symbol";
import type { Skill } from "./types";

/** Icons: single-colour SVG files (here simple-icons', CC0) imported with `?symbol`; `hex` is the brand's colour. */
export const skills: readonly Skill[] = [
  { name: "C++", icon: { href: cplusplus, hex: "00599C" } },
  { name: "Python", icon: { href: python, hex: "3776AB" } },
  { name: "Dart", icon: { href: dart, hex: "0175C2" } },
  { name: "HTML", icon: { href: html5, hex: "E34F26" } },
  { name: "CSS", icon: { href: css, hex: "663399" } },
  { name: "JavaScript", icon: { href: javascript, hex: "D4B70A" } },
  { name: "React.Js", icon: { href: react, hex: "087EA4" } },
  { name: "Node.Js", icon: { href: nodedotjs, hex: "5FA04E" } },
  { name: "Express.Js", icon: { href: express, hex: "000000" } },
  { name: "Tailwind CSS", icon: { href: tailwindcss, hex: "06B6D4" } },
  { name: "BootStrap", icon: { href: bootstrap, hex: "7952B3" } },
  { name: "MongoDB", icon: { href: mongodb, hex: "47A248" } },
  { name: "Firebase", icon: { href: firebase, hex: "DD2C00" } },
  { name: "Next.Js", icon: { href: nextdotjs, hex: "000000" } },
  { name: "Flutter", icon: { href: flutter, hex: "02569B" } },
];
