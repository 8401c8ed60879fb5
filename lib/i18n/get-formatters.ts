import { getViewer } from "@/lib/time/viewer";
import { createFormatters, type Formatters } from "./formatters";

/** For server components: dates, numbers and phones for the viewer of this request. */
export async function getFormatters(): Promise<Formatters> {
  return createFormatters(await getViewer());
}
