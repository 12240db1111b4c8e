/** Types of the parts of `@mdn/mdn-http-observatory` (plain JavaScript) that support/observatory.ts uses. */
declare module '@mdn/mdn-http-observatory/src/analyzer/tests/csp.js' {
  /** The slice of the scanner's `Requests` that the CSP test reads. */
  interface CspRequests {
    responses: { auto: { headers: Record<string, string>; httpEquiv: Map<string, string[]> } };
    session: { url: URL };
  }
  export function contentSecurityPolicyTest(requests: CspRequests): { pass: boolean; result: string | null };
}

declare module '@mdn/mdn-http-observatory/src/grader/charts.js' {
  export const MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
}

declare module '@mdn/mdn-http-observatory/src/grader/grader.js' {
  export function getGradeForScore(score: number): { grade: string; score: number };
  export function getScoreModifier(expectation: string): number;
}
