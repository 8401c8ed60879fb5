// Loaded with `node --import` (tests/bench/profile-ingest.ts): profiles the process's main thread with the
// inspector and writes PROFILE_DIR/server-<pid>[-<n>].cpuprofile (Chrome DevTools format).
// By default the whole life of the process, written when it exits. With PROFILE_ON_SIGNAL=1, each SIGUSR2
// starts a profile and the next one writes it (server-<pid>-1, -2, …): one profile per measured window.
// With PROFILE_HEAP=1 as well, a sampled allocation profile of each window (.heapprofile).
import fs from "node:fs";
import inspector from "node:inspector";

const session = new inspector.Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 200 });

function write(suffix) {
  session.post("Profiler.stop", (error, result) => {
    if (!error)
      fs.writeFileSync(`${process.env.PROFILE_DIR}/server-${process.pid}${suffix}.cpuprofile`, JSON.stringify(result.profile));
  });
}

/** With PROFILE_HEAP=1, also where the window's memory was allocated (sampled, collected objects included). */
const heap = process.env.PROFILE_HEAP === "1";
if (heap) session.post("HeapProfiler.enable");

function writeHeap(suffix) {
  session.post("HeapProfiler.stopSampling", (error, result) => {
    if (!error)
      fs.writeFileSync(`${process.env.PROFILE_DIR}/server-${process.pid}${suffix}.heapprofile`, JSON.stringify(result.profile));
  });
}

if (process.env.PROFILE_ON_SIGNAL === "1") {
  let running = false;
  let written = 0;
  process.on("SIGUSR2", () => {
    if (running) {
      write(`-${++written}`);
      if (heap) writeHeap(`-${written}`);
    } else {
      session.post("Profiler.start");
      if (heap)
        session.post("HeapProfiler.startSampling", {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
    }
    running = !running;
  });
} else {
  session.post("Profiler.start");
  process.on("exit", () => write(""));
}
