/**
 * The suites as steps run one after another, each timed, stopping at the first that fails. They
 * run in turn, not side by side: on two cores Playwright alone keeps both busy; only the browser
 * suites' builds run beside the whole-run tests (test-run/prebuild.ts).
 */
import { run } from '../lib/processes.ts';

export interface Step {
  label: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Runs before the step (a server it needs); its return value is called after. */
  around?: () => Promise<() => void>;
  /** Runs before the step; what it returns is added to the step's environment. */
  prepare?: () => Promise<NodeJS.ProcessEnv>;
}

export interface StepResult {
  label: string;
  code: number;
  seconds: number;
}

async function runStep(step: Step, cwd: string): Promise<number> {
  try {
    const after = step.around ? await step.around() : () => undefined;
    const prepared = step.prepare ? await step.prepare() : {};
    const code = await run(step.command, step.args, {
      cwd,
      env: { ...process.env, ...step.env, ...prepared },
    });
    after();
    return code;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

/** Runs the steps in order until one fails; every step run is in the results. */
export async function runSteps(steps: readonly Step[], cwd: string): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const step of steps) {
    console.log(`\n▶ ${step.label}`);
    const started = performance.now();
    const code = await runStep(step, cwd);
    results.push({ label: step.label, code, seconds: (performance.now() - started) / 1000 });
    if (code !== 0) break;
  }
  return results;
}

export function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}분 ${Math.round(seconds % 60)}초` : `${seconds.toFixed(1)}초`;
}

/** The closing table: every step with its time and outcome. */
export function summary(results: readonly StepResult[], totalSeconds: number): string[] {
  return [
    '',
    '요약 (단계별 시간)',
    ...results.map(
      (result) => `  ${result.code === 0 ? '✔' : '✖'} ${result.label} — ${formatSeconds(result.seconds)}`,
    ),
    `  전체 ${formatSeconds(totalSeconds)}`,
  ];
}
