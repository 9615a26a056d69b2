// `npm run bench`: prints the figures each issue asks for. Run after `npm run build`.

import { loginBundleBench } from "./login-bundle.js";
import { startupBench } from "./startup.js";

const results = [await loginBundleBench(), await startupBench()];
for (const r of results) console.log(r);
