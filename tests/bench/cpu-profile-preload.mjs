// Loaded with `node --import` (tests/bench/profile-ingest.ts): profiles the whole process with the inspector
// and writes PROFILE_DIR/server-<pid>.cpuprofile (Chrome DevTools format) when it exits.
import fs from "node:fs";
import inspector from "node:inspector";

const session = new inspector.Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 200 });
session.post("Profiler.start");
process.on("exit", () => {
  session.post("Profiler.stop", (error, result) => {
    if (!error) fs.writeFileSync(`${process.env.PROFILE_DIR}/server-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
  });
});
