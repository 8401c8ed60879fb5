/** What the hosted form shows after a post (the server action's state; app/f/[token]). Plain data: the client gets it. */
export type HostedFormState =
  | { status: "idle" }
  | { status: "sent"; message: string }
  | {
      status: "refused";
      code: string;
      /** What happened, in the form's language. */
      problem: string;
      /** Each issue in the form's language; `field` is a field's key (`email`, `consent`, `captcha`), or "" for the form. */
      errors: { field: string; message: string }[];
      /** What the visitor typed, by input name, to fill the form again. */
      values: Record<string, string[]>;
    };

export const IDLE: HostedFormState = { status: "idle" };

/** The hidden inputs the page adds: where the visitor landed and came from; not lead fields. */
export const LANDING_URL_INPUT = "leadlink-landing-url";
export const CAME_FROM_INPUT = "leadlink-came-from";
