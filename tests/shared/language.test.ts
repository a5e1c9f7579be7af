import { canonicalLang, directionOf, htmlLanguage } from "../../src/shared/language";

describe("the site's language and its direction (profile.lang)", () => {
  it.each([
    ["en", "ltr"],
    ["pl", "ltr"],
    ["ja", "ltr"],
    ["zh-Hant", "ltr"],
    ["ru", "ltr"],
    ["hi", "ltr"],
    ["ar", "rtl"],
    ["ar-EG", "rtl"],
    ["he", "rtl"],
    ["fa", "rtl"],
    ["ur", "rtl"],
    ["yi", "rtl"],
    ["ckb", "rtl"],
    ["dv", "rtl"],
    ["az-Arab", "rtl"],
    ["ar-Latn", "ltr"],
    ["ku", "ltr"],
  ])("%s is written %s", (lang, direction) => {
    expect(directionOf(lang)).toBe(direction);
  });

  it("gives <html> the canonical tag, and dir only for right to left", () => {
    expect(htmlLanguage("en")).toBe('lang="en"');
    expect(htmlLanguage("EN-gb")).toBe('lang="en-GB"');
    expect(htmlLanguage("ar")).toBe('lang="ar" dir="rtl"');
    expect(htmlLanguage("he-IL")).toBe('lang="he-IL" dir="rtl"');
  });

  it("fails with a sentence naming a tag that is not BCP 47", () => {
    expect(() => canonicalLang("en_US!")).toThrow(/profile\.lang "en_US!" is not a BCP 47 language tag/);
    expect(() => directionOf("")).toThrow(/profile\.lang "" is not a BCP 47/);
  });
});
