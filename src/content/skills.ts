import bootstrap from "simple-icons/icons/bootstrap.svg?no-inline";
import cplusplus from "simple-icons/icons/cplusplus.svg?no-inline";
import css from "simple-icons/icons/css.svg?no-inline";
import dart from "simple-icons/icons/dart.svg?no-inline";
import express from "simple-icons/icons/express.svg?no-inline";
import firebase from "simple-icons/icons/firebase.svg?no-inline";
import flutter from "simple-icons/icons/flutter.svg?no-inline";
import html5 from "simple-icons/icons/html5.svg?no-inline";
import javascript from "simple-icons/icons/javascript.svg?no-inline";
import mongodb from "simple-icons/icons/mongodb.svg?no-inline";
import nextdotjs from "simple-icons/icons/nextdotjs.svg?no-inline";
import nodedotjs from "simple-icons/icons/nodedotjs.svg?no-inline";
import python from "simple-icons/icons/python.svg?no-inline";
import react from "simple-icons/icons/react.svg?no-inline";
import tailwindcss from "simple-icons/icons/tailwindcss.svg?no-inline";
import type { Skill } from "./types";

/**
 * Icons are simple-icons' SVG files (CC0), bundled with the site as assets: no icon CDN, no icon
 * font, and no path data in the page's JavaScript. `hex` is each brand's colour.
 */
export const skills: readonly Skill[] = [
  { name: "C++", icon: { src: cplusplus, hex: "00599C" } },
  { name: "Python", icon: { src: python, hex: "3776AB" } },
  { name: "Dart", icon: { src: dart, hex: "0175C2" } },
  { name: "HTML", icon: { src: html5, hex: "E34F26" } },
  { name: "CSS", icon: { src: css, hex: "663399" } },
  { name: "JavaScript", icon: { src: javascript, hex: "D4B70A" } },
  { name: "React.Js", icon: { src: react, hex: "087EA4" } },
  { name: "Node.Js", icon: { src: nodedotjs, hex: "5FA04E" } },
  { name: "Express.Js", icon: { src: express, hex: "000000" } },
  { name: "Tailwind CSS", icon: { src: tailwindcss, hex: "06B6D4" } },
  { name: "BootStrap", icon: { src: bootstrap, hex: "7952B3" } },
  { name: "MongoDB", icon: { src: mongodb, hex: "47A248" } },
  { name: "Firebase", icon: { src: firebase, hex: "DD2C00" } },
  { name: "Next.Js", icon: { src: nextdotjs, hex: "000000" } },
  { name: "Flutter", icon: { src: flutter, hex: "02569B" } },
];
