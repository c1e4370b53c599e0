import base from "./playwright.config";
export default { ...base, webServer: (base.webServer as object[]).map((w) => ({ ...w, reuseExistingServer: true, timeout: 900_000 })) };
