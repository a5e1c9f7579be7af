import { describe, expect, it } from "vitest";
import { joinUrl, parseRetryAfter } from "../../src/shared/contact/http";

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-01-01T12:00:00Z");

  it.each([
    ["7", 7000],
    [" 120 ", 120_000],
    ["0", 0],
    ["Wed, 01 Jan 2025 12:00:30 GMT", 30_000],
    ["Wed, 01 Jan 2025 11:59:00 GMT", 0],
  ])("parses %j", (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });

  it.each([null, "", "soon", "-5", "1.5"])("ignores %j", (header) => {
    expect(parseRetryAfter(header, now)).toBeUndefined();
  });
});

describe("joinUrl", () => {
  it.each([
    ["", "/email/send-notification", "/email/send-notification"],
    ["https://notify.example.com", "/api/messages", "https://notify.example.com/api/messages"],
    ["https://notify.example.com/", "/api/messages", "https://notify.example.com/api/messages"],
    ["https://example.com/notify//", "/api/messages", "https://example.com/notify/api/messages"],
  ])("%j + %j", (base, path, expected) => {
    expect(joinUrl(base, path)).toBe(expected);
  });
});
