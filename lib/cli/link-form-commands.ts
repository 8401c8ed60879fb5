import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Command } from "commander";
import { CLI_ACTOR } from "@/lib/audit/record";
import { AppError } from "@/lib/errors";
import { getLinkForm } from "@/lib/links/get-link-form";
import { setLinkForm } from "@/lib/links/set-link-form";
import { findWorkspace } from "@/lib/workspaces/find-workspace";
import { action, type CliContext, leafCommand } from "./cli-command";

const DOCUMENT_JSON =
  '{"language", "title", "description", "fields": [{"key", "label", "help", "required"}], "consent", "submitLabel",\n"successMessage", "successUrl", "theme": {"color", "logoUrl"}} (docs/forms.md)';

/** The document is JSON whatever --json says: it is what `set --file` takes back. */
function documentText(form: unknown): string {
  return JSON.stringify(form, null, 2);
}

/** The file's JSON; AppError `usage_error` when it cannot be read, `invalid_json` when it is not JSON. */
async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path.resolve(file), "utf8");
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
    throw new AppError("usage_error", `Cannot read ${file} (${reason}).`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError("invalid_json", `${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `link form show | set`: a capture link's form settings (DESIGN.md section 12). */
export function registerLinkFormCommands(link: Command, context: CliContext): void {
  const form = link.command("form").description("the form a link's visitors see: fields, labels, consent, language, theme");

  leafCommand(form, "show", "print a link's form settings as JSON (the defaults when none were set)")
    .requiredOption("--workspace <slug>", "the workspace the link belongs to")
    .requiredOption("--id <id>", "the link's id")
    .addHelpText("after", `\nJSON: ${DOCUMENT_JSON}`)
    .action(
      action(context, async (options: { workspace: string; id: string }) => {
        const workspace = await findWorkspace(options.workspace);
        const settings = await getLinkForm(workspace.id, options.id);
        return { json: settings, text: documentText(settings) };
      }),
    );

  leafCommand(form, "set", "replace a link's form settings with a JSON file; prints them as stored")
    .requiredOption("--workspace <slug>", "the workspace the link belongs to")
    .requiredOption("--id <id>", "the link's id")
    .requiredOption("--file <file>", "the JSON document, e.g. edited from `link form show`")
    .addHelpText("after", `\nJSON: the document as stored, ${DOCUMENT_JSON}`)
    .action(
      action(context, async (options: { workspace: string; id: string; file: string }) => {
        const workspace = await findWorkspace(options.workspace);
        const settings = await setLinkForm(workspace.id, options.id, await readJsonFile(options.file), CLI_ACTOR);
        return { json: settings, text: documentText(settings) };
      }),
    );
}
