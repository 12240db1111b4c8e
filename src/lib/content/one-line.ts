/**
 * One log line from text that may carry content: a title, an id, an address decoded from
 * `%0A`. The rebuild prints its warnings to CI logs, and the nightly workflow turns each
 * warning into an annotation line by line (`jq -r '.warnings[]' | sed 's/^/::warning::/'`):
 * a line break inside a warning would start a new log line that GitHub Actions reads as a
 * workflow command of its own (`::add-mask::`, `::stop-commands::`). So every character that
 * can end a line, or hide or reorder what a reader sees, is shown escaped instead.
 */

/**
 * C0 controls (newline, carriage return, tab …), DEL, C1 controls (U+0085 ends a line for some
 * log readers), the Unicode line and paragraph separators, and the bidirectional embeddings,
 * overrides and isolates (they reorder the rest of the line on screen).
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** GitHub Actions reads a line as a command when it starts with `::` after leading white space. */
const COMMAND_START = /^(\s*):/;

/**
 * `text` as a single line: control characters written as JSON writes them (`\n`, `\u0085`),
 * and a leading `::` written as `\u003a:`, so the line can never be read as a workflow command.
 */
export function oneLine(text: string): string {
  const escaped = text.replace(
    UNSAFE,
    (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return /^\s*::/.test(escaped) ? escaped.replace(COMMAND_START, '$1\\u003a') : escaped;
}
