import pino from "pino";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";

/** The process's structured logger (JSON lines on stdout; LOG_LEVEL sets the threshold). */
export const log = processSingleton("log", () => pino({ level: env().LOG_LEVEL, base: { service: "leadlink" } }));
