import { getDatabase } from "@/lib/db/client";
import { isLocale, type Locale } from "./locales";

/** The language the user chose on the account page, or null: follow the browser. */
export async function findUserLocale(userId: string): Promise<Locale | null> {
  const { prisma } = await getDatabase();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { locale: true } });
  return isLocale(user?.locale) ? user.locale : null;
}

/** Stores the user's language; null goes back to following the browser. */
export async function setUserLocale(userId: string, locale: Locale | null): Promise<void> {
  const { prisma } = await getDatabase();
  await prisma.user.updateMany({ where: { id: userId }, data: { locale } });
}
