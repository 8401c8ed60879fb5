import { z } from "zod";
import { uuidSchema } from "@/lib/validation/uuid";

export const GROUP_BY = ["source", "medium", "campaign"] as const;
export type CampaignGroupBy = (typeof GROUP_BY)[number];
export const TOUCHES = ["first", "last"] as const;
export type CampaignTouch = (typeof TOUCHES)[number];

/** A form's or a query string's empty value means "not given". */
const blankIsAbsent = (value: unknown) => (value === "" ? undefined : value);

/**
 * The campaign report's query (DESIGN.md section 16), shared by the API, the CLI and the admin page:
 * `groupBy` (default source), `touch` (default first), the period's `from` and `to` (days of the workspace's
 * zone, both included) and an optional `captureLinkId`.
 */
export const CampaignReportQuery = z.object({
  groupBy: z.preprocess(
    blankIsAbsent,
    z
      .enum(GROUP_BY, { error: `must be one of ${GROUP_BY.join(", ")}` })
      .default("source")
      .describe("What a row is: a UTM source; a source and medium; or a source, medium and campaign."),
  ),
  touch: z.preprocess(
    blankIsAbsent,
    z
      .enum(TOUCHES, { error: `must be one of ${TOUCHES.join(", ")}` })
      .default("first")
      .describe("Credit each lead to its first-touch or its last-touch UTM values."),
  ),
  from: z.preprocess(
    blankIsAbsent,
    z.string().optional().describe("First day of the period (YYYY-MM-DD, the workspace's zone). Default: 30 days before `to`."),
  ),
  to: z.preprocess(
    blankIsAbsent,
    z.string().optional().describe("Last day of the period, included (YYYY-MM-DD, the workspace's zone). Default: today."),
  ),
  captureLinkId: z.preprocess(
    (value) => (typeof value === "string" ? blankIsAbsent(value.trim().toLowerCase()) : value),
    uuidSchema("must be a capture link id").optional().describe("Only the leads this capture link created."),
  ),
});
export type CampaignReportQuery = z.input<typeof CampaignReportQuery>;

const count = z.number().int().nonnegative();

export const CampaignKeySchema = z.object({
  source: z.string().nullable(),
  medium: z.string().nullable(),
  campaign: z.string().nullable(),
});

export const CampaignFiguresSchema = z.object({
  views: count.nullable().describe("Views of the link's form; only when the report is one link's (captureLinkId), else null."),
  leads: count,
  contacted: count.describe("Leads a member has worked on: status contacted, qualified, won or lost."),
  qualified: count.describe("Leads whose status is qualified or won."),
  won: count,
  lost: count,
  wonRate: z.number().nullable().describe("won / leads; null without leads."),
  medianFirstResponseMinutes: z
    .number()
    .nullable()
    .describe("Median minutes from creation to the first response; null when none was answered."),
});

export const CampaignReportSchema = z.object({
  rows: z.array(CampaignFiguresSchema.extend({ key: CampaignKeySchema })),
  totals: CampaignFiguresSchema,
  period: z.object({ from: z.string(), to: z.string(), timeZone: z.string() }),
  groupBy: z.enum(GROUP_BY),
  touch: z.enum(TOUCHES),
});
export type CampaignReport = z.output<typeof CampaignReportSchema>;
export type CampaignRow = CampaignReport["rows"][number];
