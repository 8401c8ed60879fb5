import { getDatabase } from "@/lib/db/client";
import type { CreatedUser } from "./create-user";

/** Every user of the installation, by email (the command line: whoever runs it owns the installation). */
export async function listUsers(): Promise<CreatedUser[]> {
  const { prisma } = await getDatabase();
  return prisma.user.findMany({ select: { id: true, email: true, name: true }, orderBy: { email: "asc" } });
}
