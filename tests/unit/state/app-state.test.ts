import { useAppState } from "../../../src/state/app-state";

describe("app store", () => {
  it("starts light with empty fields and no submission in progress", () => {
    const state = useAppState.getState();
    expect(state.theme).toBe("light");
    expect(state.fields).toEqual({ name: "", email: "", message: "" });
    expect(state.submitting).toBe(false);
  });

  it("switches the theme both ways", () => {
    useAppState.getState().setDark(true);
    expect(useAppState.getState().theme).toBe("dark");
    useAppState.getState().setDark(false);
    expect(useAppState.getState().theme).toBe("light");
  });

  it("keeps each field separately and clears all three together", () => {
    const { setField } = useAppState.getState();
    setField("name", "Zoë");
    setField("email", "zoe@example.com");
    setField("message", "Hello 🚀");
    expect(useAppState.getState().fields).toEqual({
      name: "Zoë",
      email: "zoe@example.com",
      message: "Hello 🚀",
    });
    useAppState.getState().clearFields();
    expect(useAppState.getState().fields).toEqual({ name: "", email: "", message: "" });
  });

  it("tracks the submitting flag", () => {
    useAppState.getState().setSubmitting(true);
    expect(useAppState.getState().submitting).toBe(true);
    useAppState.getState().setSubmitting(false);
    expect(useAppState.getState().submitting).toBe(false);
  });
});
