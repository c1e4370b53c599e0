// A stand-in for a server start: claims DATA_DIR like instrumentation.ts does, then idles until killed.
import { claimDataDirectory } from "../../lib/store/claim-data-dir";

claimDataDirectory();
console.log("claimed");
setInterval(() => {}, 1000);
