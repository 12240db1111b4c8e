/**
 * Suites run as lanes side by side: each lane runs its steps one after another, its output
 * passed through line by line with the lane's name in front, and stops at its first failure.
 * On this 2-core machine the suites spend much of their time waiting (for a build in a child
 * process, a browser, a server, a timer), so two lanes finish well before one would.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface Step {
  label: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Runs before the step (a server it needs); its return value is called after. */
  around?: () => Promise<() => void>;
}

export interface Lane {
  name: string;
  steps: Step[];
}

export interface StepResult {
  lane: string;
  label: string;
  code: number;
  seconds: number;
}

/** Runs one command with its output lines prefixed; resolves to its exit code. */
function runPrefixed(prefix: string, step: Step, cwd: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
    child.on('error', (error) => {
      process.stdout.write(`${prefix}${step.command}: ${error.message}\n`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a lane's steps in order until one fails; every step run is in the results. */
export async function runLane(lane: Lane, cwd: string): Promise<StepResult[]> {
  const results: StepResult[] = [];
  const prefix = `[${lane.name}] `;
  for (const step of lane.steps) {
    process.stdout.write(`${prefix}▶ ${step.label}\n`);
    const started = performance.now();
    let code: number;
    try {
      const after = step.around ? await step.around() : () => undefined;
      code = await runPrefixed(prefix, step, cwd);
      after();
    } catch (error) {
      process.stdout.write(`${prefix}${error instanceof Error ? error.message : String(error)}\n`);
      code = 1;
    }
    const seconds = (performance.now() - started) / 1000;
    results.push({ lane: lane.name, label: step.label, code, seconds });
    process.stdout.write(`${prefix}${code === 0 ? '✔' : '✖'} ${step.label} (${formatSeconds(seconds)})\n`);
    if (code !== 0) break;
  }
  return results;
}

export function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}분 ${Math.round(seconds % 60)}초` : `${seconds.toFixed(1)}초`;
}

/** The closing table: every step with its lane, time and outcome. */
export function summary(results: readonly StepResult[], totalSeconds: number): string[] {
  return [
    '',
    '요약 (단계별 벽시계 시간; 줄은 나란히 달립니다)',
    ...results.map(
      (result) =>
        `  ${result.code === 0 ? '✔' : '✖'} [${result.lane}] ${result.label} — ${formatSeconds(result.seconds)}`,
    ),
    `  전체 ${formatSeconds(totalSeconds)}`,
  ];
}
