import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { profile } from "../../../src/content/profile";
import { renderApp } from "../render-app";

// Client-side navigations load page chunks and the slide-in (framer-motion) on first use: slow on a busy machine.
describe("routing", { timeout: 15_000 }, () => {
  it.each([
    ["/", "heading", profile.greeting, "Home"],
    ["/skills", "heading", "Skills & Technologies", "Skills"],
    ["/project", "heading", "PROJECTS", "Projects"],
    ["/contact", "heading", "Let's Talk", "Contact"],
    ["/no/such/page", "heading", "Page not found", "Page not found"],
  ] as const)("%s renders its page and title", async (path, role, name, title) => {
    renderApp(path);
    expect(await screen.findByRole(role, { level: 1, name })).toBeInTheDocument();
    await waitFor(() => expect(document.title.startsWith(`${title} · `)).toBe(true));
  });

  it("marks the current page in the navigation bar", async () => {
    renderApp("/skills");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const links = within(nav)
      .getAllByRole("link")
      .filter((link) => link.closest("li"));
    expect(links.map((link) => link.textContent)).toEqual(["Home Page", "Projects", "Skills", "Contact me"]);
    expect(within(nav).getByRole("link", { name: "Skills" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Home Page" })).not.toHaveAttribute("aria-current");
  });

  it("navigates between pages from the home page's buttons", async () => {
    const user = userEvent.setup();
    renderApp("/");
    await user.click(await screen.findByRole("link", { name: "See My Projects" }));
    expect(await screen.findByRole("heading", { level: 1, name: "PROJECTS" })).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Contact me" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Let's Talk" })).toBeInTheDocument();
  });

  it("returns home from the not-found page", async () => {
    const user = userEvent.setup();
    renderApp("/missing");
    await user.click(await screen.findByRole("link", { name: "Return to Home Page" }));
    expect(await screen.findByRole("link", { name: "Contact Me" })).toBeInTheDocument();
  });
});
