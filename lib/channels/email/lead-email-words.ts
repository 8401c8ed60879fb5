import type { EmailKind } from "./email-outbox";
import type { MailTranslator } from "./mail-words";

/** The emails about one lead: a new lead's, an assignment's, a missed response target's. */
export type LeadEmailKind = Extract<EmailKind, "new_lead" | "lead_assigned" | "response_overdue">;

export interface LeadEmailFacts {
  name: string;
  workspace: string;
  link: string | undefined;
  /** The lead's owner as the event left it (name or email); the response target's email names them. */
  owner: string | undefined;
  /** The link's response target, for the overdue email. */
  minutes: number | undefined;
}

/** Subject, opening and closing lines of a lead's email, by kind, in the reader's language (namespace `mail`). */
export function leadEmailWords(t: MailTranslator, kind: LeadEmailKind, facts: LeadEmailFacts) {
  const { name, workspace, link } = facts;
  switch (kind) {
    case "new_lead":
      return {
        subject: link ? t("newLead.subjectWithLink", { name, link }) : t("newLead.subject", { name }),
        intro: t("newLead.intro", { workspace }),
        why: t("newLead.why", { workspace }),
      };
    case "lead_assigned":
      return {
        subject: t("leadAssigned.subject", { name }),
        intro: t("leadAssigned.intro", { workspace }),
        why: t("leadAssigned.why", { workspace }),
      };
    case "response_overdue":
      return {
        subject: t("responseOverdue.subject", { name }),
        intro: t("responseOverdue.intro", { workspace, minutes: facts.minutes ?? 0 }),
        why: facts.owner ? t("responseOverdue.owner", { owner: facts.owner }) : t("responseOverdue.noOwner"),
        footer: t("responseOverdue.why", { workspace }),
      };
  }
}
