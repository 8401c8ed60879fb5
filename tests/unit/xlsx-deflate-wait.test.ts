import { PassThrough } from "node:stream";
import WorkbookWriter from "exceljs/lib/stream/xlsx/workbook-writer";
import { describe, expect, it } from "vitest";
import { needsDrain, sheetEntry } from "@/lib/leads/export-leads-xlsx";

// The XLSX export waits for the zip's deflate to take the worksheet's XML (lib/leads/export-leads-xlsx.ts).
// The stream it waits on is archiver's own PassThrough from readable-stream 2, which has no writableNeedDrain:
// read only through that property, the wait never happened, and a 1,000,000-lead export held up to 288 MB of
// XML for deflate (docs/benchmarks-log.md).

describe("the XLSX export's wait for the zip's deflate", () => {
  it("finds the worksheet's zip entry and reads whether it asks to wait", async () => {
    const output = new PassThrough();
    output.resume();
    const workbook = new WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet("Leads");
    sheet.columns = [{ header: "Name", width: 16 }];
    sheet.getRow(1).commit();
    const entry = sheetEntry(sheet);
    expect(entry).toBeDefined();
    expect(typeof needsDrain(entry!)).toBe("boolean");
    // Well over the entry's 16 KB high-water mark in one row: the writer must be told to wait.
    sheet.addRow(["x".repeat(200_000)]).commit();
    sheet.commit();
    await workbook.commit();
  });

  it("reads Node's streams and readable-stream 2's alike", () => {
    const node = new PassThrough({ highWaterMark: 4 });
    expect(needsDrain(node)).toBe(false);
    node.write(Buffer.alloc(8));
    expect(needsDrain(node)).toBe(true);
    expect(needsDrain({} as PassThrough)).toBeUndefined();
  });
});
