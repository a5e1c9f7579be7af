import { escapeHtml } from "../../src/shared/escape-html";

describe("escapeHtml", () => {
  it("escapes the five characters that can end text or a quoted attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  it("leaves other text, unicode included, as it is", () => {
    expect(escapeHtml("Zoë ✉️ 日本語 \n line")).toBe("Zoë ✉️ 日本語 \n line");
  });
});
