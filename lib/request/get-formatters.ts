import { createFormatters, type Formatters } from "@/lib/i18n/formatters";
import { getViewer } from "@/lib/request/viewer";

/** For server components: dates, numbers and phones for the viewer of this request. */
export async function getFormatters(): Promise<Formatters> {
  return createFormatters(await getViewer());
}
