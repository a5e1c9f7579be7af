/**
 * A submission of the contact form made before React hydrated it. `src/boot.ts` holds it (posted
 * the browser's way it would leave the page, and offline lose the message; and while React
 * hydrates, React would pass it on unhandled), and the form sends it once hydrated
 * (`contact-form.tsx`): sent through React, it goes to the outbox when it cannot go now.
 */
let hydrated = false;
let held = false;

/** Holds a submission if React has not hydrated the form yet; false when React takes it itself. */
export function holdSubmit(): boolean {
  if (hydrated) return false;
  held = true;
  return true;
}

/** Whether a submission was held, once: the next call says no. */
export function takeHeldSubmit(): boolean {
  const was = held;
  held = false;
  return was;
}

/** For the form, once hydrated: from now on React takes submissions; whether one was held for it. */
export function formHydrated(): boolean {
  hydrated = true;
  return takeHeldSubmit();
}
