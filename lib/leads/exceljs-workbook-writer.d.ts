// exceljs' streaming writer on its own (export-leads-xlsx.ts): its main module also loads the reader, the CSV
// parser and two zip libraries the export never uses (measured: 28 MB of RSS against 17 for the writer alone).
declare module "exceljs/lib/stream/xlsx/workbook-writer" {
  import type { stream } from "exceljs";

  const WorkbookWriter: typeof stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
