// node tools/smoke/src/provision-main.ts --email E --credits N --out FILE: provision.ts with the
// tsctl beside it (tools/cli, in the same image), writing the token to FILE (mode 0600). The
// chart's `helm test` init container runs it with ADMIN_API_KEY, ACCOUNTS_GRPC_ADDR and
// BILLING_GRPC_ADDR; the smoke container then reads FILE. Exit codes: 0, 1 a step failed, 2 usage.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { provision, type Tsctl } from './provision.ts';

const TSCTL = fileURLToPath(new URL('../../cli/src/main.ts', import.meta.url));

const tsctl: Tsctl = (...args) =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', TSCTL, ...args],
      { timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr: error && !stderr ? error.message : stderr });
      },
    );
  });

const { values } = parseArgs({
  options: { email: { type: 'string' }, credits: { type: 'string' }, out: { type: 'string' } },
  strict: true,
});
if (!values.email || !values.credits || !values.out) {
  process.stderr.write('usage: provision-main.ts --email E --credits N --out FILE\n');
  process.exit(2);
}
try {
  const token = await provision(tsctl, { email: values.email, credits: values.credits });
  writeFileSync(values.out, `${token}\n`, { mode: 0o600 });
  process.stdout.write(`smoke: provisioned ${values.email} (token in ${values.out})\n`);
} catch (err) {
  process.stderr.write(`smoke: ${(err as Error).message}\n`);
  process.exitCode = 1;
}
