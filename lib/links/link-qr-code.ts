import QRCode from "qrcode";
import { hostedFormUrl } from "./capture-url";
import { getLink } from "./get-link";

export type QrFormat = "svg" | "png";

export interface LinkQrCode {
  body: string | Uint8Array;
  contentType: string;
  filename: string;
}

// Medium error correction and a quiet zone of four modules: what phone cameras read from a printed flyer.
const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;

/**
 * A QR code of the link's hosted form URL (`<base>/f/<token>`, DESIGN.md section 12), to print or post.
 * Workspace-scoped: another workspace's link is AppError `capture_link_not_found`.
 */
export async function linkQrCode(
  workspaceId: string,
  id: string,
  format: QrFormat,
  options: { baseUrl?: string } = {},
): Promise<LinkQrCode> {
  const link = await getLink(workspaceId, id, options);
  const url = hostedFormUrl(link.token, options.baseUrl);
  const filename = `form-qr-${link.id}.${format}`;
  if (format === "svg") {
    const body = await QRCode.toString(url, { ...QR_OPTIONS, type: "svg" });
    return { body, contentType: "image/svg+xml; charset=utf-8", filename };
  }
  // 8 pixels a module: a crisp image at a few centimetres without scaling.
  const png = await QRCode.toBuffer(url, { ...QR_OPTIONS, type: "png", scale: 8 });
  return { body: new Uint8Array(png), contentType: "image/png", filename };
}
