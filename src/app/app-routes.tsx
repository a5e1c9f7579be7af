import { lazy } from "react";
import { Route, Routes } from "react-router-dom";
import { paths } from "../config/paths";
import { Layout } from "./layout";

const Home = lazy(() => import("./routes/home"));
const Skills = lazy(() => import("./routes/skills"));
const Projects = lazy(() => import("./routes/projects"));
const Contact = lazy(() => import("./routes/contact"));
const NotFound = lazy(() => import("./routes/not-found"));

/** The route table (spec §2). Each page is its own lazily loaded chunk. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={paths.home} element={<Home />} />
        <Route path={paths.skills} element={<Skills />} />
        <Route path={paths.projects} element={<Projects />} />
        <Route path={paths.contact} element={<Contact />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
