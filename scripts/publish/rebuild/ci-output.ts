/** Outputs for later steps of a GitHub Actions job (e.g. to skip the upload when nothing was published). */
import { appendFileSync } from 'node:fs';

/** Appends `key=value` lines to `$GITHUB_OUTPUT`; does nothing outside GitHub Actions. */
export function reportToCi(outputs: Record<string, string>): void {
  const file = process.env.GITHUB_OUTPUT;
  if (!file) return;
  appendFileSync(
    file,
    Object.entries(outputs)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(''),
  );
}
