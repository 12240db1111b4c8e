/**
 * A publish over the previous release's index: its base files are kept, names and bytes; the
 * documents added or changed since the base go to a new delta file; what the content took out
 * is dropped (a fragment) or scrubbed (term shards, `scrub-postings.ts`), under new names.
 */
import {
  DeltaSchema,
  EntrySchema,
  FORMAT_VERSION,
  FragmentSchema,
  TermShardSchema,
  type Delta,
  type DeltaDoc,
  type Entry,
  type Fragment,
} from '../format/format.ts';
import { entryShardName, fragmentName, rewrittenShardName } from '../format/shard-names.ts';
import { leadOf } from '../format/lead.ts';
import { gramLength } from '../format/tokenize.ts';
import type { BuildOptions, BuiltIndex, PreviousIndex } from './built-index.ts';
import {
  brotliBytes,
  deltaDocOf,
  deltaFile,
  filesHash,
  hashOf,
  rowOfDoc,
  textKeyOf,
  withEntrySize,
  type CleanDoc,
  type SearchFile,
} from './index-files.ts';
import { currentGrams, scrubbedShard, type StaleSlot, type StaleSlots } from './scrub-postings.ts';
import { DEFAULT_GRAM } from '../format/query.ts';

/**
 * The delta file's bound (brotli): a first query reads it beside the term shards, within its
 * 40 KB; past it, a fold. About a dozen added or edited documents of our content's length.
 */
export const DELTA_MAX_BYTES = 6 * 1024;
/** A fold once this share of the base's documents is changed or gone (their postings dead weight). */
const DEAD_SHARE = 0.25;
const DEAD_MIN = 8;

interface PreviousBase {
  entry: Entry;
  /** The term shards' bodies and names, by index. */
  shards: { name: string; body: string }[];
  /** The base fragments still served, by slot. */
  fragments: Map<number, { name: string; body: string; fragment: Fragment }>;
  delta: { name: string; file: Delta } | null;
}

const MISMATCH = 'terms: names do not match their content';

/** A previous file's JSON checked against its schema; a string says why it cannot be used. */
function parsedFile<T>(name: string, body: string | undefined, schema: Schema<T>): T | string {
  if (body === undefined) return `${name}: missing`;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return `${name}: not JSON`;
  }
  const file = schema.safeParse(value);
  return file.success ? file.data : `${name}: malformed`;
}

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** The previous index's entry and files, checked against each other; a string says why they cannot be used. */
function readPrevious(previous: PreviousIndex, gram: number): PreviousBase | string {
  const parsed = EntrySchema.safeParse(previous.entry);
  if (!parsed.success) return `entry: not format v${FORMAT_VERSION}`;
  const entry = parsed.data;
  if (entry.gram !== gram) return `entry: gram ${entry.gram}, not ${gram}`;
  const shards: PreviousBase['shards'] = [];
  for (let index = 0; index < entry.shards; index++) {
    const name = entryShardName(entry, index);
    const body = previous.files.get(name);
    const shard = parsedFile(name, body, TermShardSchema);
    if (typeof shard === 'string') return shard;
    const hash = entry.rewritten[index.toString(36)];
    if (hash !== undefined && hashOf(body!) !== hash) return MISMATCH;
    shards.push({ name, body: body! });
  }
  const fragments: PreviousBase['fragments'] = new Map();
  for (let slot = 0; slot < entry.baseDocs; slot++) {
    const name = fragmentName(entry.id, slot);
    const body = previous.files.get(name);
    if (body === undefined) continue;
    const fragment = parsedFile(name, body, FragmentSchema);
    if (typeof fragment === 'string') return fragment;
    if (fragment.s !== slot) return `${name}: slot ${fragment.s}`;
    fragments.set(slot, { name, body, fragment });
  }
  const bodies = [...shards.map((shard) => shard.body), ...[...fragments.values()].map((f) => f.body)];
  if (filesHash(bodies) !== entry.hash) return MISMATCH;
  if (!entry.delta) return { entry, shards, fragments, delta: null };
  const body = previous.files.get(entry.delta.name);
  const delta = parsedFile(entry.delta.name, body, DeltaSchema);
  if (typeof delta === 'string') return delta;
  if (!entry.delta.name.endsWith(`-${hashOf(body!)}.json`))
    return `${entry.delta.name}: content does not match its name`;
  return { entry, shards, fragments, delta: { name: entry.delta.name, file: delta } };
}

/** The documents placed over the previous base's slots, and what that removes from it. */
interface Placed {
  /** Base slots whose document is unchanged: their fragment and postings stay. */
  unchanged: Set<number>;
  /** The documents added or changed since the base, by slot. */
  delta: [number, CleanDoc][];
  /** The base slots deleted or changed since the base, with the terms they may keep. */
  stale: StaleSlots;
}

/**
 * Unchanged base documents keep their slot, fragment and postings; a changed one keeps its slot
 * and goes to the delta (its base postings then ignored, and scrubbed of what it no longer
 * says); a new one takes the next free slot (an earlier delta's, if it had one); a deleted one
 * leaves its slot without fragment or postings.
 */
function placed(docs: readonly CleanDoc[], base: PreviousBase): Placed {
  const { baseDocs, gram } = base.entry;
  const slotOf = new Map<string, number>();
  for (const [slot, { fragment }] of base.fragments) slotOf.set(fragment.i, slot);
  let next = baseDocs;
  for (const doc of base.delta?.file.d ?? []) {
    slotOf.set(doc.i, doc.s);
    next = Math.max(next, doc.s + 1);
  }
  const unchanged = new Set<number>();
  const delta: [number, CleanDoc][] = [];
  const stale = new Map<number, StaleSlot>();
  for (const doc of docs) {
    const slot = slotOf.get(doc.id) ?? next++;
    if (base.fragments.get(slot)?.fragment.h === doc.hash) {
      unchanged.add(slot);
      continue;
    }
    delta.push([slot, doc]);
    if (slot < baseDocs)
      stale.set(slot, { terms: currentGrams(doc.title, doc.text, gram), row: rowOfDoc(doc) });
  }
  const gone = [...base.fragments.keys(), ...(base.delta?.file.d ?? []).map((doc) => doc.s)];
  for (const slot of gone)
    if (slot < baseDocs && !unchanged.has(slot) && !stale.has(slot))
      stale.set(slot, { terms: new Set(), row: null });
  delta.sort(([a], [b]) => a - b);
  return { unchanged, delta, stale };
}

/** What tells repeats apart (as `measured`'s `textKey`), for a document of the delta or one it may repeat. */
const textKey = (doc: CleanDoc) => textKeyOf(doc, gramLength(doc.text));

/**
 * The delta's documents with their repeat groups: a base group whose text it repeats (`g`, that
 * group's first slot), else the first delta document with its text (`k`).
 */
function deltaDocs(place: Placed, base: PreviousBase, docs: readonly CleanDoc[]): DeltaDoc[] {
  const keys = new Map(place.delta.map(([slot, doc]) => [slot, textKey(doc)]));
  const leads = new Set(place.delta.map(([, doc]) => `${doc.typeIndex}\u0000${leadOf(doc.text)}`));
  const baseGroup = new Map<string, number>();
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  for (const slot of place.unchanged) {
    const { fragment } = base.fragments.get(slot)!;
    const doc = byId.get(fragment.i)!;
    // Only the documents that may share a delta document's lead are cut into grams.
    if (!leads.has(`${doc.typeIndex}\u0000${leadOf(doc.text)}`)) continue;
    const key = textKey(doc);
    const group = fragment.r ?? slot;
    if (!baseGroup.has(key) || baseGroup.get(key)! > group) baseGroup.set(key, group);
  }
  const firstInDelta = new Map<string, number>();
  return place.delta.map(([slot, doc]) => {
    const key = keys.get(slot)!;
    const group = baseGroup.get(key);
    if (group !== undefined) return deltaDocOf(doc, slot, { g: group });
    const first = firstInDelta.get(key);
    if (first === undefined) firstInDelta.set(key, slot);
    return deltaDocOf(doc, slot, first === undefined ? {} : { k: first });
  });
}

/** The base term shards without the postings the stale slots' documents no longer have; each one rewritten under a new name. */
function scrubbedShards(base: PreviousBase, stale: StaleSlots) {
  const shards = base.shards.map((shard) => ({ ...shard }));
  const rewritten = { ...base.entry.rewritten };
  if (stale.size === 0) return { shards, rewritten };
  shards.forEach((shard, index) => {
    const scrubbed = scrubbedShard(TermShardSchema.parse(JSON.parse(shard.body)), stale);
    if (!scrubbed) return;
    const body = JSON.stringify(scrubbed);
    const hash = hashOf(body);
    shards[index] = { name: rewrittenShardName(base.entry.id, index, hash), body };
    rewritten[index.toString(36)] = hash;
  });
  return { shards, rewritten };
}

/** The previous files this index does not serve and that held removed text: to purge. */
function withdrawnOf(base: PreviousBase, files: readonly SearchFile[], delta: readonly DeltaDoc[]): string[] {
  const served = new Set(files.map((file) => file.name));
  const names = [
    ...base.shards.map((shard) => shard.name),
    ...[...base.fragments.values()].map((f) => f.name),
  ];
  const now = new Set(delta.map((doc) => JSON.stringify([doc.i, doc.ti, doc.u, doc.d, doc.x])));
  const oldText = base.delta?.file.d.some(
    (doc) => !now.has(JSON.stringify([doc.i, doc.ti, doc.u, doc.d, doc.x])),
  );
  if (base.delta && oldText) names.push(base.delta.name);
  return names.filter((name) => !served.has(name));
}

/** The index over the previous base; null when the delta is over its bound, or too much of the base is dead (a fold). */
function overBase(docs: readonly CleanDoc[], base: PreviousBase, place: Placed): BuiltIndex | null {
  const dead = base.entry.baseDocs - place.unchanged.size;
  if (dead > Math.max(DEAD_MIN, DEAD_SHARE * base.entry.baseDocs)) return null;
  const delta = deltaDocs(place, base, docs);
  const deltaOut = delta.length > 0 ? deltaFile(delta) : null;
  const deltaBytes = deltaOut ? brotliBytes(deltaOut.body) : 0;
  if (deltaBytes > DELTA_MAX_BYTES) return null;
  const { shards, rewritten } = scrubbedShards(base, place.stale);
  const fragments = [...base.fragments]
    .filter(([slot]) => place.unchanged.has(slot))
    .sort(([a], [b]) => a - b);
  const files: SearchFile[] = [
    ...shards,
    ...fragments.map(([, { name, body }]) => ({ name, body })),
    ...(deltaOut ? [deltaOut] : []),
  ];
  const { delta: _previousDelta, ...kept } = base.entry;
  const entry: Entry = {
    ...kept,
    hash: filesHash([...shards.map((shard) => shard.body), ...fragments.map(([, f]) => f.body)]),
    docs: place.unchanged.size + delta.length,
    rewritten,
    ...(deltaOut ? { delta: { name: deltaOut.name, bytes: deltaBytes } } : {}),
    sizes: { ...base.entry.sizes, entry: 0 },
  };
  return { entry: withEntrySize(entry), files, fresh: false, withdrawn: withdrawnOf(base, files, delta) };
}

/**
 * The index of `docs` over the previous index: over its base when it can be (`overBase`), else
 * a fresh base (`fresh`), which withdraws every previous file it does not keep when some base
 * document was deleted or changed. A string says why the previous index cannot be used.
 */
export function overPreviousIndex(
  docs: readonly CleanDoc[],
  previous: PreviousIndex,
  options: BuildOptions,
  fresh: (docs: readonly CleanDoc[]) => BuiltIndex,
): BuiltIndex | string {
  const base = readPrevious(previous, options.gram ?? DEFAULT_GRAM);
  if (typeof base === 'string') return base;
  const place = placed(docs, base);
  const over = overBase(docs, base, place);
  if (over) return over;
  const folded = fresh(docs);
  if (place.stale.size === 0) return folded;
  const served = new Set(folded.files.map((file) => file.name));
  const previousNames = [...previous.files.keys()].filter((name) => !served.has(name));
  return { ...folded, withdrawn: previousNames };
}
