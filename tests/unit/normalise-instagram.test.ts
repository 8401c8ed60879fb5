import { describe, expect, it } from "vitest";
import { normaliseInstagram } from "@/lib/normalise/instagram";

describe("normaliseInstagram", () => {
  it.each([
    ["ana.silva", "ana.silva"],
    ["@ana.silva", "ana.silva"],
    ["Ana_Silva_99", "Ana_Silva_99"],
    ["https://www.instagram.com/ana_silva/", "ana_silva"],
    ["https://instagram.com/ana_silva", "ana_silva"],
    ["http://instagram.com/ana_silva?igshid=abc", "ana_silva"],
    ["HTTPS://WWW.INSTAGRAM.COM/ana_silva", "ana_silva"],
    ["instagram.com/ana_silva", "ana_silva"],
    ["https://m.instagram.com/ana_silva/#top", "ana_silva"],
    ["a".repeat(30), "a".repeat(30)],
  ])("reads %j as %j", (input, handle) => {
    expect(normaliseInstagram(input)).toEqual({ ok: true, value: handle });
  });

  it.each([
    "ana silva",
    "ana-silva",
    "ana!",
    "@",
    "",
    "a".repeat(31),
    "@@ana",
    "https://example.com/ana",
    "https://instagram.com/p/Cx1yZ/",
    "https://instagram.com/",
  ])("refuses %j", (input) => {
    expect(normaliseInstagram(input)).toMatchObject({ ok: false, code: "invalid_instagram" });
  });
});
