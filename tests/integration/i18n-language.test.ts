// Issue 14 item 2: the admin's language is chosen per user, first taken from the browser, English by default.
import "../support/server-action";
import { describe, expect, it } from "vitest";
import { setLanguageAction } from "@/app/(admin)/account/language-action";
import { currentSession } from "@/lib/auth/session";
import { findUserLocale } from "@/lib/i18n/user-locale";
import { getRequestLocale } from "@/lib/request/request-locale";
import { useTestDatabase } from "../support/database";
import { callAction } from "../support/server-action";
import { newUser } from "../support/tenants";

useTestDatabase();

const PORTUGUESE_BROWSER = { acceptLanguage: "pt-BR,pt;q=0.9,en;q=0.8" };

function choose(locale: string) {
  const form = new FormData();
  form.set("locale", locale);
  return setLanguageAction({}, form);
}

describe("the admin's language", () => {
  it("follows the browser until the user chooses, English without a browser language", async () => {
    const user = await newUser("browser");
    expect(await callAction(user, getRequestLocale, PORTUGUESE_BROWSER)).toBe("pt-BR");
    expect(await callAction(user, getRequestLocale, { acceptLanguage: "de-DE" })).toBe("en");
    expect(await callAction(user, getRequestLocale)).toBe("en");
    expect(await callAction(null, getRequestLocale, PORTUGUESE_BROWSER)).toBe("pt-BR");
  });

  it("keeps the user's choice over the browser's, answering in the language chosen, and goes back to automatic", async () => {
    const user = await newUser("chooser");
    expect(await callAction(user, () => choose("en"), PORTUGUESE_BROWSER)).toEqual({ ok: true, message: "Language saved." });
    expect(await findUserLocale(user.id)).toBe("en");
    expect(await callAction(user, getRequestLocale, PORTUGUESE_BROWSER)).toBe("en");

    expect(await callAction(user, () => choose("pt-BR"))).toEqual({ ok: true, message: "Idioma salvo." });
    expect(await callAction(user, getRequestLocale, { acceptLanguage: "en-US" })).toBe("pt-BR");

    await callAction(user, () => choose("auto"));
    expect(await findUserLocale(user.id)).toBeNull();
    expect(await callAction(user, getRequestLocale, { acceptLanguage: "en-US" })).toBe("en");
  });

  it("comes with the signed-in session (currentSession), which the page's language follows", async () => {
    const user = await newUser("session");
    expect(await callAction(user, currentSession, PORTUGUESE_BROWSER)).toMatchObject({ user: { id: user.id }, locale: null });
    await callAction(user, () => choose("pt-BR"));
    expect(await callAction(user, currentSession, { acceptLanguage: "en-US" })).toMatchObject({ locale: "pt-BR" });
    expect(await callAction(null, currentSession, PORTUGUESE_BROWSER)).toBeNull();
  });

  it("is one user's own: another user's language does not change", async () => {
    const [chooser, other] = [await newUser("one"), await newUser("other")];
    await callAction(chooser, () => choose("pt-BR"));
    expect(await findUserLocale(other.id)).toBeNull();
    expect(await callAction(other, getRequestLocale)).toBe("en");
  });

  it("refuses a language the admin does not offer, and a signed-out request", async () => {
    const user = await newUser("odd");
    const refused = await callAction(user, () => choose("fr"));
    expect(refused).toMatchObject({ ok: false, code: "validation_failed", fieldErrors: { locale: expect.any(String) } });
    expect(await findUserLocale(user.id)).toBeNull();
    expect(await callAction(null, () => choose("pt-BR"))).toMatchObject({ ok: false, code: "unauthorized" });
  });
});
