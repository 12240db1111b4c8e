/**
 * Korean UI strings and date formatting.
 *
 * Every piece of interface copy (labels, buttons, states, messages, navigation) is one entry of
 * ko.json, under a namespaced key in Starlight's style: `<where>.<what>`, e.g. `list.empty.title`,
 * `detail.backToList`, `common.newTab`. Page content (product, home, white paper, operation and
 * list screen texts) lives in `src/data/`. In code bundled for the browser, `t()` takes a string
 * literal: the build puts the string in its place (src/integrations/ui-copy).
 */
import ko from './ko.json' with { type: 'json' };

export type MessageKey = keyof typeof ko;

/** The Korean text for a UI label; a key ko.json does not have is a type error. */
export function t(key: MessageKey): string {
  return ko[key];
}

/** `template` with each `{{name}}` replaced by `values[name]` (`t('steps.step')` and the like). */
export function interpolate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : match,
  );
}

/**
 * The text before and after `{{name}}` in `template`, for copy that wraps a value in markup
 * (`총 <strong>12</strong>개의 질문`). Split before anything is filled in, so a filled-in value
 * that happens to contain the placeholder cannot move the split.
 */
export function splitAround(template: string, name: string): [before: string, after: string] {
  const placeholder = `{{${name}}}`;
  const at = template.indexOf(placeholder);
  return at < 0 ? [template, ''] : [template.slice(0, at), template.slice(at + placeholder.length)];
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A date in Korean style, `2026.10.02`. The API's own calendar date (its first ten characters)
 * is used when it has one, so a Korean date never shifts with the visitor's time zone.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = isoDate.exec(value);
  if (match) return `${match[1]}.${match[2]}.${match[3]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('ko-KR', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}.${part('month')}.${part('day')}`;
}

/** A machine-readable date for `<time datetime>`. */
export function isoDay(value: string | null | undefined): string | undefined {
  const formatted = formatDate(value);
  return formatted ? formatted.replaceAll('.', '-') : undefined;
}
