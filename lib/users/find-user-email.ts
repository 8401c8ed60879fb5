import { getDatabase } from "@/lib/db/client";

/** A user's email (how the audit log names a member), or null when there is no such user. */
export async function findUserEmail(userId: string): Promise<string | null> {
  const { prisma } = await getDatabase();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { email: true } }).catch(() => null);
  return user?.email ?? null;
}
