/**
 * The answer to a contact form posted without JavaScript: the prerendered contact page with the
 * result above the form and what was typed back in the fields. It carries no scripts, so nothing
 * hydrates over the server-filled fields; the next page the visitor opens is the full app again.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type DefaultTreeAdapterMap,
  parse,
  parseFragment,
  serialize,
  defaultTreeAdapter as tree,
} from "parse5";
import { pageFile, routes } from "../../src/config/routes";
import { ui } from "../../src/content/interface";
import { profile } from "../../src/content/profile";
import type { ContactFields } from "../../src/shared/contact/message";
import { LIMITS } from "../../src/shared/contact/protocol";
import { escapeHtml } from "../../src/shared/escape-html";
import { htmlLanguage } from "../../src/shared/language";

type Element = DefaultTreeAdapterMap["element"];
type ParentNode = DefaultTreeAdapterMap["parentNode"];

export interface ResultPageContent {
  title: string;
  text: string;
  success: boolean;
  fields: ContactFields;
  /** Fields marked aria-invalid and described by the result. */
  invalid?: readonly (keyof ContactFields)[];
}

export const RESULT_ID = "contact-result";

function* elements(node: ParentNode): Generator<Element> {
  for (const child of tree.getChildNodes(node)) {
    if (!tree.isElementNode(child)) continue;
    yield child;
    yield* elements(child);
  }
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

function setAttribute(element: Element, name: string, value: string): void {
  const existing = element.attrs.find((attr) => attr.name === name);
  if (existing) existing.value = value;
  else element.attrs.push({ name, value });
}

function setText(element: Element, text: string): void {
  for (const child of [...tree.getChildNodes(element)]) tree.detachNode(child);
  if (text !== "") tree.insertText(element, text);
}

function textOf(element: Element): string {
  return tree
    .getChildNodes(element)
    .map((child) => (tree.isTextNode(child) ? tree.getTextNodeContent(child) : ""))
    .join("");
}

function resultMarkup(content: ResultPageContent): string {
  const tone = content.success ? "success" : "error";
  // Focused on load (autofocus), so a screen reader starts with what happened.
  return (
    `<div id="${RESULT_ID}" class="contact-form__result contact-form__result--${tone}" tabindex="-1" autofocus>` +
    `<h2 class="contact-form__result-title">${escapeHtml(content.title)}</h2>` +
    `<p class="contact-form__result-text">${escapeHtml(content.text)}</p></div>`
  );
}

/** Without a built app: a bare page that still says what happened. */
function barePage(content: ResultPageContent): string {
  return [
    `<!doctype html><html ${htmlLanguage(profile.lang)}><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.title)}</title></head><body><main>`,
    resultMarkup(content),
    `<p><a href="${escapeHtml(routes.contact.path)}">${escapeHtml(ui.contact.backToForm)}</a></p>`,
    "</main></body></html>",
  ].join("");
}

/** Fills the prerendered contact page; falls back to a bare page when it is missing or unexpected. */
export function fillContactPage(template: string | undefined, content: ResultPageContent): string {
  if (template === undefined) return barePage(content);
  const document = parse(template);
  const all = [...elements(document)];
  const byId = (id: string) => all.find((element) => attribute(element, "id") === id);
  const heading = byId("contact-title");
  const [name, email, message] = [byId("contact-name"), byId("contact-email"), byId("contact-message")];
  const parent = heading === undefined ? null : tree.getParentNode(heading);
  if (!heading || !parent || !name || !email || !message) return barePage(content);
  const fields: Record<keyof ContactFields, Element> = { name, email, message };

  // No scripts and no module preloads: the page stays as the server wrote it.
  for (const element of all) {
    const rel = attribute(element, "rel") ?? "";
    if (element.tagName === "script" || (element.tagName === "link" && /\bmodulepreload\b/i.test(rel))) {
      tree.detachNode(element);
    }
  }

  setAttribute(fields.name, "value", content.fields.name);
  setAttribute(fields.email, "value", content.fields.email);
  setText(fields.message, content.fields.message);
  const count = byId("contact-message-count");
  if (count) setText(count, ui.contact.messageCount(content.fields.message.length, LIMITS.message));

  for (const field of content.invalid ?? []) {
    const element = fields[field];
    setAttribute(element, "aria-invalid", "true");
    const described = attribute(element, "aria-describedby");
    setAttribute(element, "aria-describedby", described ? `${RESULT_ID} ${described}` : RESULT_ID);
  }

  const title = all.find((element) => element.tagName === "title");
  if (title) setText(title, `${content.title} · ${textOf(title)}`);

  // The result goes right under the form's heading.
  const next = tree.getChildNodes(parent)[tree.getChildNodes(parent).indexOf(heading) + 1];
  for (const node of [...tree.getChildNodes(parseFragment(resultMarkup(content)))]) {
    tree.detachNode(node);
    if (next) tree.insertBefore(parent, node, next);
    else tree.appendChild(parent, node);
  }
  return serialize(document);
}

/** Reads the built contact page (per request: a rebuild needs no restart) and fills it. */
export async function renderResultPage(staticDir: string, content: ResultPageContent): Promise<string> {
  const template = await readFile(join(staticDir, pageFile("contact")), "utf8").catch(() => undefined);
  return fillContactPage(template, content);
}
