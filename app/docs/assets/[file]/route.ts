import { docsAsset } from "@/lib/api/docs-page";

/** The scripts and stylesheet of /docs, from the swagger-ui-dist package. */
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  return docsAsset((await context.params).file);
}
