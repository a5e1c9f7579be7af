import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  type ContactFields,
  createMessage,
  EMAIL_PATTERN,
  validateFields,
} from "../../src/shared/contact/message";
import { LIMITS } from "../../src/shared/contact/protocol";

const valid: ContactFields = { name: "Ada Lovelace", email: "ada@example.com", message: "Hello there" };

/** The email validator exactly as the notification server builds it: Fastify's default compiler. */
type Validate = (value: unknown) => boolean;
type BuildCompiler = (
  externalSchemas: object,
  options: { customOptions: object; plugins: unknown[] },
) => (route: { schema: object }) => Validate;
const requireFromFastify = createRequire(createRequire(import.meta.url).resolve("fastify"));
const ajvCompiler = requireFromFastify("@fastify/ajv-compiler") as () => BuildCompiler;
const serverEmailCheck = ajvCompiler()({}, { customOptions: {}, plugins: [] })({
  schema: { type: "string", format: "email" },
});

describe("validateFields", () => {
  it("accepts valid fields and returns them trimmed", () => {
    expect(validateFields({ name: "  Ada ", email: "\tada@example.com\n", message: "\n Hi \n" })).toEqual({
      ok: true,
      value: { name: "Ada", email: "ada@example.com", message: "Hi" },
    });
  });

  it.each([
    ["name", { ...valid, name: "" }],
    ["name", { ...valid, name: "   \t\n " }],
    ["email", { ...valid, email: "" }],
    ["email", { ...valid, email: "  " }],
    ["message", { ...valid, message: "" }],
    ["message", { ...valid, message: "\n\n  \n" }],
  ] as const)("reports an empty %s", (field, fields) => {
    expect(validateFields(fields)).toEqual({ ok: false, problem: "empty", field });
  });

  it("reports empty before any other problem", () => {
    const fields = { name: "x".repeat(LIMITS.name + 1), email: "not an email\r\n", message: " " };
    expect(validateFields(fields)).toEqual({ ok: false, problem: "empty", field: "message" });
    expect(validateFields({ name: "", email: "bad", message: "m" })).toEqual({
      ok: false,
      problem: "empty",
      field: "name",
    });
  });

  it.each(["name", "email", "message"] as const)(
    "enforces the %s length limit on the trimmed value",
    (field) => {
      const limit = LIMITS[field];
      const atLimit =
        field === "email" ? `${"a".repeat(limit - "@example.com".length)}@example.com` : "a".repeat(limit);
      expect(atLimit).toHaveLength(limit);
      expect(validateFields({ ...valid, [field]: `  ${atLimit}  ` })).toEqual({
        ok: true,
        value: { ...valid, [field]: atLimit },
      });
      const over = field === "email" ? `a${atLimit}` : `${atLimit}a`;
      expect(validateFields({ ...valid, [field]: over })).toEqual({ ok: false, problem: "too-long", field });
    },
  );

  it("checks limits before control characters and the email format", () => {
    expect(validateFields({ ...valid, name: `${"a".repeat(LIMITS.name)}\nb` })).toEqual({
      ok: false,
      problem: "too-long",
      field: "name",
    });
  });

  it.each([
    ["name", "Ada\r\nBcc: victim@example.com"],
    ["name", "Ada\nLovelace"],
    ["name", "Ada\tLovelace"],
    ["name", "Ada\u0000"],
    ["name", "Ada\u001b[31m"],
    ["name", "Ada\u007f"],
    ["email", "ada@example.com\r\nBcc: x@example.com"],
    ["email", "ada\t@example.com"],
  ] as const)("rejects control characters in %s (%j)", (field, value) => {
    expect(validateFields({ ...valid, [field]: value })).toEqual({
      ok: false,
      problem: "control-chars",
      field,
    });
  });

  it.each([
    ["a right-to-left override", "BIDI\u202Emoc.evil@\u202C"],
    ["a left-to-right isolate", "Ada \u2066x\u2069"],
    ["a soft hyphen", "Ada\u00ADLovelace"],
  ])("rejects a name with %s (an invisible format character)", (_what, name) => {
    expect(validateFields({ ...valid, name })).toEqual({ ok: false, problem: "format-chars", field: "name" });
  });

  it("keeps the joiners of emoji sequences and Persian names, and rejects C1 controls as the server does", () => {
    expect(validateFields({ ...valid, name: "Ada 👩\u200D💻" }).ok).toBe(true);
    expect(validateFields({ ...valid, name: "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645" }).ok).toBe(
      true,
    );
    expect(validateFields({ ...valid, name: "Ada\u009b31m" })).toMatchObject({ problem: "control-chars" });
  });

  it("allows line breaks and tabs in the message", () => {
    const message = "Line one\r\nLine two\n\tindented";
    expect(validateFields({ ...valid, message })).toEqual({ ok: true, value: { ...valid, message } });
  });

  it("checks the email format last", () => {
    expect(validateFields({ ...valid, email: "nope" })).toEqual({
      ok: false,
      problem: "email",
      field: "email",
    });
  });
});

describe("EMAIL_PATTERN", () => {
  const accepted = [
    "ada@example.com",
    "ADA@EXAMPLE.COM",
    "a.b+tag@mail.example.co.uk",
    "o'brien@example.ie",
    "user_name-1@sub-domain.example.org",
    "x@a.io",
    "1234567890@123.example",
    "!#$%&'*+/=?^_`{|}~-@example.com",
  ];
  const rejected = [
    "plainaddress",
    "@example.com",
    "ada@",
    "ada@localhost",
    "ada@@example.com",
    "ada@example..com",
    "ada@.example.com",
    "ada@example.com.",
    ".ada@example.com",
    "ada.@example.com",
    "ada..lovelace@example.com",
    "ada@-example.com",
    "ada@example-.com",
    "ada@exa_mple.com",
    "ada lovelace@example.com",
    "ada@example .com",
    '"ada"@example.com',
    "ada@[127.0.0.1]",
    "åda@example.com",
    "ada@exämple.com",
    "ada@example.com,bob@example.com",
    "ada@example.com>",
  ];

  it.each(accepted)("accepts %s (as the server does)", (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
    expect(serverEmailCheck(email)).toBe(true);
    expect(validateFields({ ...valid, email })).toEqual({ ok: true, value: { ...valid, email } });
  });

  it.each(rejected)("rejects %s", (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
    expect(validateFields({ ...valid, email })).toEqual({ ok: false, problem: "email", field: "email" });
  });

  it("is never looser than the server's validator", () => {
    for (const email of [...accepted, ...rejected]) {
      if (EMAIL_PATTERN.test(email)) expect(serverEmailCheck(email), email).toBe(true);
    }
  });

  it("is the very regex of ajv-formats' full mode, which Fastify's compiler installs", () => {
    const formats = requireFromFastify("ajv-formats/dist/formats") as { fullFormats: { email: RegExp } };
    expect(EMAIL_PATTERN.source).toBe(formats.fullFormats.email.source);
    expect(EMAIL_PATTERN.flags).toBe(formats.fullFormats.email.flags);
  });
});

describe("createMessage", () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("trims the fields and adds a UUID v4 and the client time", () => {
    const before = Date.now();
    const message = createMessage({ name: " Ada ", email: " ada@example.com ", message: "\nHi\n" });
    expect(message).toEqual({
      name: "Ada",
      email: "ada@example.com",
      message: "Hi",
      id: expect.stringMatching(UUID_V4),
      createdAt: expect.any(Number),
    });
    expect(message.createdAt).toBeGreaterThanOrEqual(before);
    expect(Object.keys(message).sort()).toEqual(["createdAt", "email", "id", "message", "name"]);
  });

  it("gives every message its own id", () => {
    const ids = new Set(Array.from({ length: 50 }, () => createMessage(valid).id));
    expect(ids.size).toBe(50);
  });

  it("uses the given id and time", () => {
    expect(createMessage(valid, { id: "fixed-id", now: 1_700_000_000_000 })).toEqual({
      ...valid,
      id: "fixed-id",
      createdAt: 1_700_000_000_000,
    });
  });

  it("copies only the three fields", () => {
    const withExtra = { ...valid, extra: "nope" } as ContactFields;
    expect(createMessage(withExtra, { id: "x", now: 1 })).not.toHaveProperty("extra");
  });
});
