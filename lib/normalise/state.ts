import { labelKey } from "@/lib/normalise/label-key";
import { type Normalised, valid } from "./result";

const STATES: Record<string, string> = {
  AC: "Acre",
  AL: "Alagoas",
  AP: "Amapá",
  AM: "Amazonas",
  BA: "Bahia",
  CE: "Ceará",
  DF: "Distrito Federal",
  ES: "Espírito Santo",
  GO: "Goiás",
  MA: "Maranhão",
  MT: "Mato Grosso",
  MS: "Mato Grosso do Sul",
  MG: "Minas Gerais",
  PA: "Pará",
  PB: "Paraíba",
  PR: "Paraná",
  PE: "Pernambuco",
  PI: "Piauí",
  RJ: "Rio de Janeiro",
  RN: "Rio Grande do Norte",
  RS: "Rio Grande do Sul",
  RO: "Rondônia",
  RR: "Roraima",
  SC: "Santa Catarina",
  SP: "São Paulo",
  SE: "Sergipe",
  TO: "Tocantins",
};

const BY_NAME = new Map(Object.entries(STATES).map(([uf, name]) => [labelKey(name), uf]));

/** Free text, except that a Brazilian UF in any case is upper-cased and a state's full name becomes its UF. */
export function normaliseState(input: string): Normalised<string> {
  const upper = input.toUpperCase();
  if (upper in STATES) return valid(upper);
  return valid(BY_NAME.get(labelKey(input)) ?? input);
}
