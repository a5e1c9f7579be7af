import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useAppState } from "../../../src/state/app-state";
import { renderApp } from "../render-app";

// Every colour in the CSS reads `<html data-theme>`: the theme the visitor picks must arrive there.
describe("the theme reaches <html>", () => {
  const root = document.documentElement;

  it("is light on load, and the navigation bar's switch turns the whole document dark and back", async () => {
    const user = userEvent.setup();
    renderApp("/");
    const toggle = await screen.findByRole("switch", { name: "Dark mode" });
    await waitFor(() => expect(root).toHaveAttribute("data-theme", "light"));

    await user.click(toggle);
    await waitFor(() => expect(root).toHaveAttribute("data-theme", "dark"));

    await user.click(toggle);
    await waitFor(() => expect(root).toHaveAttribute("data-theme", "light"));
  });

  it("follows the store, whoever changes it", async () => {
    renderApp("/skills");
    await screen.findByRole("heading", { level: 1, name: "Skills & Technologies" });
    act(() => useAppState.getState().setDark(true));
    await waitFor(() => expect(root).toHaveAttribute("data-theme", "dark"));
  });
});
