import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { build, type Rolldown } from "vite";
import { iconSprite } from "../../build/icon-sprite";

const ROOT = join(import.meta.dirname, "../..");

/** Builds an entry importing `icons` with `?symbol`; returns the chunk's code and the emitted files. */
async function buildWith(icons: string[]) {
  // Inside the project, so that the entry resolves simple-icons from its node_modules.
  const dir = await mkdtemp(join(ROOT, "node_modules/.icon-sprite-test-"));
  try {
    const entry = join(dir, "entry.js");
    const imports = icons.map(
      (icon, index) => `import i${index} from "simple-icons/icons/${icon}.svg?symbol";`,
    );
    await writeFile(
      entry,
      `${imports.join("\n")}\nexport const icons = [${icons.map((_, i) => `i${i}`)}];\n`,
    );
    const output = (await build({
      root: ROOT,
      configFile: false,
      logLevel: "silent",
      plugins: [iconSprite()],
      build: { write: false, lib: { entry, formats: ["es"], fileName: "entry" }, minify: false },
    })) as Rolldown.RolldownOutput[];
    const files = output.flatMap((result) => result.output);
    const chunk = files.find((file) => file.type === "chunk");
    const sprites = files.filter((file) => file.type === "asset" && /icons-.+\.svg$/.test(file.fileName));
    return { code: chunk?.type === "chunk" ? chunk.code : "", sprites };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("the icon sprite (build/icon-sprite.ts)", () => {
  it("puts every icon imported with ?symbol in one file, and each import is its symbol's address", async () => {
    const { code, sprites } = await buildWith(["react", "python"]);
    expect(sprites).toHaveLength(1);
    const sprite = sprites[0];
    const source = String(sprite?.type === "asset" ? sprite.source : "");
    const url = `/${sprite?.fileName}`;
    expect(code).toContain(`${url}#react`);
    expect(code).toContain(`${url}#python`);
    // Each symbol keeps its file's viewBox and shapes; the brand's title is left to the page.
    const react = await readFile(join(ROOT, "node_modules/simple-icons/icons/react.svg"), "utf8");
    const path = /<path d="([^"]+)"/.exec(react)?.[1];
    expect(source).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg">/);
    expect(source).toContain(`<symbol id="react" viewBox="0 0 24 24"><path d="${path}"/></symbol>`);
    expect(source).toContain('<symbol id="python" viewBox="0 0 24 24">');
    expect(source).not.toContain("<title>");
  });

  it("names the file by its content: the same icons in any order make the same file, others another", async () => {
    const one = await buildWith(["react", "python"]);
    const same = await buildWith(["python", "react"]);
    const other = await buildWith(["react", "dart"]);
    expect(same.sprites[0]?.fileName).toBe(one.sprites[0]?.fileName);
    expect(other.sprites[0]?.fileName).not.toBe(one.sprites[0]?.fileName);
  });

  it("writes no sprite when nothing imports an icon", async () => {
    expect((await buildWith([])).sprites).toEqual([]);
  });
});
