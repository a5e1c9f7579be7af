import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp } from "../render-app";

// The skills page (and, for one test, the navigation bar), broken until the test mends it: an
// error thrown while the page or the layout renders.
const broken = vi.hoisted(() => ({ now: true, navbar: false }));
vi.mock("../../../src/app/routes/skills", async (load) => {
  const real = await load<typeof import("../../../src/app/routes/skills")>();
  return {
    default: () => {
      if (broken.now) throw new Error("a bug in the page");
      return <real.default />;
    },
  };
});

vi.mock("../../../src/app/navbar", async (load) => {
  const real = await load<typeof import("../../../src/app/navbar")>();
  return {
    Navbar: () => {
      if (broken.navbar) throw new Error("a bug in the layout");
      return <real.Navbar />;
    },
  };
});

describe("a page that throws while rendering (R-11.7)", () => {
  beforeEach(() => {
    broken.now = true;
    broken.navbar = false;
    // React reports the caught error on the console; the page is what the visitor sees.
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the site's error page inside its layout, never the router's developer screen; Retry draws it again", async () => {
    const user = userEvent.setup();
    renderApp("/skills");
    const main = await screen.findByRole("main");
    expect(
      await screen.findByRole("heading", { level: 1, name: "This page could not be loaded" }),
    ).toBeVisible();
    expect(main).toHaveTextContent("Part of the site did not arrive. Please try again.");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeVisible();
    expect(document.body).not.toHaveTextContent(/Unexpected Application Error/);

    broken.now = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Skills & Technologies" })).toBeVisible();
  });

  it("another page still opens from the navigation bar", async () => {
    const user = userEvent.setup();
    renderApp("/skills");
    await screen.findByRole("heading", { level: 1, name: "This page could not be loaded" });
    await user.click(screen.getByRole("link", { name: "Projects" }));
    expect(await screen.findByRole("heading", { level: 1, name: "PROJECTS" })).toBeVisible();
  });

  it("a layout that throws shows the error page too; Retry draws the site again", async () => {
    const user = userEvent.setup();
    broken.navbar = true;
    renderApp("/skills");
    const main = await screen.findByRole("main");
    expect(
      await screen.findByRole("heading", { level: 1, name: "This page could not be loaded" }),
    ).toBeVisible();
    expect(document.body).not.toHaveTextContent(/Unexpected Application Error/);

    broken.navbar = false;
    broken.now = false;
    await user.click(within(main).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Skills & Technologies" })).toBeVisible();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeVisible();
  });
});
