import { LANGUAGES } from "@tessera/contracts";
import { describe, expect, it } from "vitest";
import { SELLER_CATALOG_TRANSLATIONS } from "./index";

type Tree = string | readonly Tree[] | { readonly [key: string]: Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === "string") return out.set(prefix, tree);
  for (const [key, value] of Object.entries(tree)) {
    for (const [path, text] of leaves(
      value as Tree,
      prefix ? `${prefix}.${key}` : key,
    ))
      out.set(path, text);
  }
  return out;
}

/** Texts that are the same in English and another language on purpose (brand names, units). */
const SAME_AS_ENGLISH = new Set<string>(["list.stock", "form.stock", "form.variantStock", "form.material"]);

describe("the 'sellerCatalog' namespace", () => {
  const english = leaves(SELLER_CATALOG_TRANSLATIONS.en as unknown as Tree);

  it.each(LANGUAGES)(
    "%s has every key of English, each non-empty, with the same placeholders",
    (language) => {
      const other = leaves(
        SELLER_CATALOG_TRANSLATIONS[language] as unknown as Tree,
      );
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [path, text] of other) {
        expect(text.trim(), path).not.toBe("");
        const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
        expect(placeholders(text), path).toEqual(
          placeholders(english.get(path)!),
        );
        if (language !== "en" && !SAME_AS_ENGLISH.has(path))
          expect(text, `${language} ${path} is still English`).not.toBe(
            english.get(path),
          );
      }
    },
  );
});
