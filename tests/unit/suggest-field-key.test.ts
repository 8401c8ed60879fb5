// Issue 24 (item C): the new-field form suggests the key from the label, in a form KeyName accepts.
import { describe, expect, it } from "vitest";
import { suggestFieldKey } from "@/lib/fields/suggest-field-key";
import { KeyName } from "@/lib/validation/key-name";

describe("suggestFieldKey", () => {
  it("drops accents, lower-cases and joins words with _", () => {
    expect(suggestFieldKey("Funcionários")).toBe("funcionarios");
    expect(suggestFieldKey("Área de Atuação")).toBe("area_de_atuacao");
    expect(suggestFieldKey("  Nº de filhos (2024)? ")).toBe("no_de_filhos_2024");
    expect(suggestFieldKey("2º telefone")).toBe("_2o_telefone");
    expect(suggestFieldKey("")).toBe("");
  });

  it("always suggests a key KeyName accepts, at most 64 characters", () => {
    for (const label of ["Funcionários", "Ção", "1", "É-mail corporativo", "x".repeat(100), "a ".repeat(40)]) {
      const key = suggestFieldKey(label);
      expect(key.length).toBeLessThanOrEqual(64);
      expect(KeyName.safeParse(key).success, `${label} -> ${key}`).toBe(true);
    }
  });
});
