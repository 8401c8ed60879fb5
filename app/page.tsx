import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/ui/button";
import { currentUser } from "@/lib/auth/session";
import { getDatabase } from "@/lib/db/client";
import { isSetUp } from "@/lib/setup/complete-setup";
import { AuthCard } from "./(auth)/auth-card";

export const dynamic = "force-dynamic";

/** The front door: setup on first run, sign-in without a session, else the user's first workspace. */
export default async function Home() {
  if (!(await isSetUp())) redirect("/setup");
  const user = await currentUser();
  if (!user) redirect("/signin");
  const { prisma } = await getDatabase();
  const membership = await prisma.membership.findFirst({
    where: { userId: user.id },
    orderBy: { createdAt: "asc" },
    select: { workspace: { select: { slug: true } } },
  });
  if (membership) redirect(`/w/${membership.workspace.slug}`);
  const [t, account] = await Promise.all([getTranslations("home"), getTranslations("account")]);
  return (
    <AuthCard title={t("title")} subtitle={t("signedInAs", { email: user.email })}>
      <p className="text-sm text-slate-600">{t("text")}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <ButtonLink href="/workspaces/new">{t("create")}</ButtonLink>
        <ButtonLink href="/account" variant="secondary">
          {account("title")}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
