import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { labelKey } from "@/lib/normalise/label-key";

describe("labelKey", () => {
  it.each([
    ["Área de Atuação", "area de atuacao"],
    ["AREA DE ATUACAO", "area de atuacao"],
    ["  Área   de\tAtuação  ", "area de atuacao"],
    ["São Paulo", "sao paulo"],
    ["Ñandú", "nandu"],
    ["Plan", "plan"],
    ["Crème Brûlée", "creme brulee"],
  ])("folds %j to %j", (label, key) => {
    expect(labelKey(label)).toBe(key);
  });

  it("gives composed and decomposed accents the same key", () => {
    expect(labelKey("Ação".normalize("NFC"))).toBe(labelKey("Ação".normalize("NFD")));
  });

  it("is idempotent", () => {
    fc.assert(fc.property(fc.string(), (label) => labelKey(labelKey(label)) === labelKey(label)));
  });

  it("ignores the case of ASCII letters", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9 ]{0,40}$/),
        (label) => labelKey(label.toUpperCase()) === labelKey(label.toLowerCase()),
      ),
    );
  });
});
