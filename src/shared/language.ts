/**
 * The site's language (`profile.lang`, a BCP 47 tag) and the writing direction it implies, derived
 * here so the owner names the language once.
 */

/**
 * Scripts written right to left (ISO 15924). The direction follows from the language's script, which
 * `Intl.Locale#maximize` supplies (ar → Arab, yi → Hebr); `Intl.Locale`'s own text info is not used:
 * it is missing in Firefox, and Node 20's says "ltr" for Divehi (Thaana) and for az-Arab.
 */
const RTL_SCRIPTS = new Set([
  "Adlm",
  "Arab",
  "Hebr",
  "Mand",
  "Mend",
  "Nkoo",
  "Rohg",
  "Samr",
  "Syrc",
  "Thaa",
  "Yezi",
]);

/** The tag in its canonical form ("EN-gb" → "en-GB"); a sentence naming it when it is not a BCP 47 tag. */
export function canonicalLang(lang: string): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(lang);
    if (canonical) return canonical;
  } catch {
    // Reported below.
  }
  throw new RangeError(`profile.lang "${lang}" is not a BCP 47 language tag (e.g. "en", "pl", "ar", "ja")`);
}

/** "rtl" for a language written right to left (Arabic, Hebrew, Persian, Urdu, Divehi, …), else "ltr". */
export function directionOf(lang: string): "ltr" | "rtl" {
  const { script } = new Intl.Locale(canonicalLang(lang)).maximize();
  return script !== undefined && RTL_SCRIPTS.has(script) ? "rtl" : "ltr";
}

/** The `<html>` element's attributes for the language: `lang="ar" dir="rtl"`, or `lang="en"` alone. */
export function htmlLanguage(lang: string): string {
  const tag = canonicalLang(lang);
  return directionOf(tag) === "rtl" ? `lang="${tag}" dir="rtl"` : `lang="${tag}"`;
}
