import { qrResponse } from "../qr-response";

export const dynamic = "force-dynamic";

export function GET(_request: Request, { params }: { params: Promise<{ slug: string; id: string }> }): Promise<Response> {
  return qrResponse(params, "png");
}
