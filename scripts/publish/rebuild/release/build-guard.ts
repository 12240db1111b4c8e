/**
 * `node build-guard.ts COMMAND ARGS…`: runs the build as a child and keeps it from outliving the
 * rebuild that started it.
 *
 * The rebuild starts this guard detached, as the leader of the build's own process group, with
 * its stdin a pipe the rebuild never writes to. Only the rebuild holds the other end, so the
 * pipe reaches end-of-file exactly when the rebuild's process has ended, however it ended
 * (SIGKILL to it alone included; a zombie has closed its files too). The guard then kills its
 * whole group: the build, its workers and itself. This is the portable form of
 * PR_SET_PDEATHSIG, and it covers every process of the group rather than one child.
 */
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const killGroup = () => {
  try {
    process.kill(0, 'SIGKILL');
  } catch {
    process.exit(1);
  }
};
process.stdin.on('end', killGroup);
process.stdin.on('error', killGroup);
process.stdin.resume();

const child = spawn(command!, args, { stdio: ['ignore', 'inherit', 'inherit'] });
child.on('error', (error) => {
  console.error(`astro를 실행할 수 없습니다: ${error.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
