// Preloaded (--import) into every test file's process by tools/dev/test-runner.ts: the contract
// check of fetch-hook.ts, on by default; CONTRACT_CHECK=off leaves fetch as it is.
import { installOnce } from './fetch-hook.ts';

if (process.env.CONTRACT_CHECK !== 'off') installOnce();
