/** The domain events of DESIGN.md section 14: what happened, told to every channel that listens. */
export const EVENT_TYPES = [
  "lead.created",
  "lead.updated",
  "lead.erased",
  "lead.assigned",
  "lead.response_overdue",
  "submission.rejected",
  "endpoint.disabled",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** One change a person made to a lead, as `lead.updated`'s `changes` names it. */
export interface EventChange {
  field: string;
  from: unknown;
  to: unknown;
}
