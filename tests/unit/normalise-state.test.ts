import { describe, expect, it } from "vitest";
import { normaliseState } from "@/lib/normalise/state";

const UF = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
];
const NAMES: Record<string, string> = {
  Acre: "AC",
  Alagoas: "AL",
  Amapá: "AP",
  Amazonas: "AM",
  Bahia: "BA",
  Ceará: "CE",
  "Distrito Federal": "DF",
  "Espírito Santo": "ES",
  Goiás: "GO",
  Maranhão: "MA",
  "Mato Grosso": "MT",
  "Mato Grosso do Sul": "MS",
  "Minas Gerais": "MG",
  Pará: "PA",
  Paraíba: "PB",
  Paraná: "PR",
  Pernambuco: "PE",
  Piauí: "PI",
  "Rio de Janeiro": "RJ",
  "Rio Grande do Norte": "RN",
  "Rio Grande do Sul": "RS",
  Rondônia: "RO",
  Roraima: "RR",
  "Santa Catarina": "SC",
  "São Paulo": "SP",
  Sergipe: "SE",
  Tocantins: "TO",
};
const stripAccents = (value: string) => value.normalize("NFD").replace(/\p{M}/gu, "");

describe("normaliseState", () => {
  it.each(UF)("upper-cases the UF %s in any case", (uf) => {
    for (const input of [uf, uf.toLowerCase(), uf[0] + uf[1]!.toLowerCase()])
      expect(normaliseState(input)).toEqual({ ok: true, value: uf });
  });

  it.each(Object.entries(NAMES))("maps %s to %s with or without accents, in any case", (name, uf) => {
    for (const input of [name, stripAccents(name), name.toUpperCase(), stripAccents(name).toLowerCase()]) {
      expect(normaliseState(input), input).toEqual({ ok: true, value: uf });
    }
  });

  it.each(["Bavaria", "Île-de-France", "XX", "California", "Sao Paulo state"])("keeps the free text %j", (input) => {
    expect(normaliseState(input)).toEqual({ ok: true, value: input });
  });
});
