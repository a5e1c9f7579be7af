import { useAppStore } from "../../../src/store/app-store";

describe("app store", () => {
  it("starts light with empty fields and no submission in progress", () => {
    const state = useAppStore.getState();
    expect(state.theme).toBe("light");
    expect(state.fields).toEqual({ name: "", email: "", message: "" });
    expect(state.submitting).toBe(false);
  });

  it("switches the theme both ways", () => {
    useAppStore.getState().setDark(true);
    expect(useAppStore.getState().theme).toBe("dark");
    useAppStore.getState().setDark(false);
    expect(useAppStore.getState().theme).toBe("light");
  });

  it("keeps each field separately and clears all three together", () => {
    const { setField } = useAppStore.getState();
    setField("name", "Zoë");
    setField("email", "zoe@example.com");
    setField("message", "Hello 🚀");
    expect(useAppStore.getState().fields).toEqual({
      name: "Zoë",
      email: "zoe@example.com",
      message: "Hello 🚀",
    });
    useAppStore.getState().clearFields();
    expect(useAppStore.getState().fields).toEqual({ name: "", email: "", message: "" });
  });

  it("tracks the submitting flag", () => {
    useAppStore.getState().setSubmitting(true);
    expect(useAppStore.getState().submitting).toBe(true);
    useAppStore.getState().setSubmitting(false);
    expect(useAppStore.getState().submitting).toBe(false);
  });
});
