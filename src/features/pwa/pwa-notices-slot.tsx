import { BrowserOnly, lazyComponent } from "../../components/browser-only";
// The notices' styles travel with the first load, so their chunk brings no stylesheet that
// would restyle the whole page after hydration.
import "./pwa-notices.css";

const PwaNotices = lazyComponent(() => import("./pwa-notices").then((module) => module.PwaNotices));

/** Where the layout shows the service worker's notices: browser-only, from a chunk loaded after hydration. */
export function PwaNoticesSlot() {
  return <BrowserOnly component={PwaNotices} />;
}
