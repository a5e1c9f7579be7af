import { type ComponentType, lazy } from "react";
import { matchPath, Route, Routes } from "react-router-dom";
import { paths } from "../config/paths";
import { Layout } from "./layout";

type PageModule = { default: ComponentType };

/**
 * A page in its own chunk, loaded on first use like `React.lazy`, that can also be loaded ahead:
 * once `preload()` has finished, it renders at once instead of suspending.
 */
function lazyPage(load: () => Promise<PageModule>) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  const Lazy = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module load, never during a render.
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}

const Home = lazyPage(() => import("./routes/home"));
const Skills = lazyPage(() => import("./routes/skills"));
const Projects = lazyPage(() => import("./routes/projects"));
const Contact = lazyPage(() => import("./routes/contact"));
const NotFound = lazyPage(() => import("./routes/not-found"));

const PAGES = [
  { path: paths.home, page: Home },
  { path: paths.skills, page: Skills },
  { path: paths.projects, page: Projects },
  { path: paths.contact, page: Contact },
];

/**
 * Loads the chunk of the page at `pathname`. The browser calls this before hydrating, so the
 * prerendered page hydrates in one pass: a link clicked while its chunk was still on its way would
 * otherwise navigate under a page that has not hydrated yet.
 */
export function preloadPage(pathname: string): Promise<void> {
  const match = PAGES.find(({ path }) => matchPath({ path, end: true }, pathname));
  return (match?.page ?? NotFound).preload();
}

/** The route table (R-2.1 in docs/requirements.md). Each page is its own lazily loaded chunk. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {PAGES.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
