import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseDocument } from "@/lib/normalise/document";
import { cnpj, cpf } from "../support/documents";

const ok = (value: string) => ({ ok: true, value });

describe("normaliseDocument", () => {
  it.each([
    ["529.982.247-25", "52998224725"],
    ["52998224725", "52998224725"],
    ["11.222.333/0001-81", "11222333000181"],
    ["11222333000181", "11222333000181"],
    [cnpj("12ABC34501DE"), cnpj("12ABC34501DE")],
    [cnpj("12ABC34501DE").toLowerCase(), cnpj("12ABC34501DE")],
  ])("accepts %s as %s", (input, stored) => {
    expect(normaliseDocument(input)).toEqual(ok(stored));
  });

  it.each([
    ["a CPF with a wrong check digit", "529.982.247-24"],
    ["a CNPJ with a wrong check digit", "11.222.333/0001-80"],
    ["10 digits", "5299822472"],
    ["13 digits", "1122233300018"],
    ["letters in a CPF", "529982247AB"],
    ["letters in a CNPJ's check digits", "12ABC34501DEAB"],
    ["spaces", "529 982 247 25"],
    ["other symbols", "529*982*247*25"],
  ])("refuses %s (%j)", (_name, input) => {
    expect(normaliseDocument(input)).toMatchObject({ ok: false, code: "invalid_document" });
  });

  const repeated = (value: string) => /^(.)\1*$/.test(value);

  it("accepts every CPF with computed check digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (base) => {
        fc.pre(!repeated(base));
        return JSON.stringify(normaliseDocument(cpf(base))) === JSON.stringify(ok(cpf(base)));
      }),
    );
  });

  it("accepts every alphanumeric CNPJ with computed check digits, formatted or not", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{12}$/), (base) => {
        fc.pre(!repeated(base));
        const value = cnpj(base);
        const formatted = `${value.slice(0, 2)}.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-${value.slice(12)}`;
        return [value, formatted].every((input) => JSON.stringify(normaliseDocument(input)) === JSON.stringify(ok(value)));
      }),
    );
  });

  it("refuses a CPF or CNPJ whose last check digit is changed", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9A-Z]{12}$/),
        fc.stringMatching(/^\d{9}$/),
        fc.integer({ min: 1, max: 9 }),
        (cnpjBase, cpfBase, shift) => {
          const bump = (value: string) => value.slice(0, -1) + String((Number(value.at(-1)) + shift) % 10);
          return !normaliseDocument(bump(cnpj(cnpjBase))).ok && !normaliseDocument(bump(cpf(cpfBase))).ok;
        },
      ),
    );
  });
});
