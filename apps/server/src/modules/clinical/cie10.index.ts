import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../../lib/server-root.ts';

/**
 * The CIE-10 search of spec 001 §2.5 and §7 (find-code-cie): it runs on every key press, so the
 * data set (14,370 codes, reference-data/cie10) is indexed once, lazily, and each query is
 * answered from memory in well under a millisecond or two.
 */
export interface CieEntry {
  code: string;
  title: string;
}

interface Indexed extends CieEntry {
  /** 'F32.0' → 'F320': codes compare without the dot. */
  key: string;
  norm: string;
  words: string[];
}

interface Index {
  entries: Indexed[];
  /** The entries' keys in the same (sorted) order, for prefix lookups. */
  keys: string[];
  byKey: Map<string, Indexed>;
  /** Distinct title words, sorted, each with the entries using it. */
  words: string[];
  postings: number[][];
}

const dataFile = path.join(serverRoot, 'reference-data/cie10/cie10-es.json');

/** Lower case without accents: 'Depresión' and 'depresion' are the same word. */
export function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function tokens(text: string): string[] {
  return normalize(text)
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}

/**
 * A light Spanish stem so 'depresion' finds 'depresivo' and 'hipertension' finds
 * 'hipertensiva'; only for tokens of five letters or more.
 */
function stem(token: string): string {
  if (token.length < 5) return token;
  const stemmed = token.replace(/(iones|ion|ivos|ivas|ivo|iva|icos|icas|ico|ica|es|os|as|o|a|s)$/, '');
  return stemmed.length >= 4 ? stemmed : token;
}

let cached: Index | null = null;

function load(): Index {
  if (cached) return cached;
  const raw = JSON.parse(readFileSync(dataFile, 'utf8')) as CieEntry[];
  const entries: Indexed[] = raw.map((e) => ({
    code: e.code,
    title: e.title,
    key: e.code.replace('.', '').toUpperCase(),
    norm: normalize(e.title),
    words: tokens(e.title),
  }));
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const byWord = new Map<string, number[]>();
  entries.forEach((entry, i) => {
    for (const word of new Set(entry.words)) {
      const list = byWord.get(word);
      if (list) list.push(i);
      else byWord.set(word, [i]);
    }
  });
  const words = [...byWord.keys()].sort();
  cached = {
    entries,
    keys: entries.map((e) => e.key),
    byKey: new Map(entries.map((e) => [e.key, e])),
    words,
    postings: words.map((w) => byWord.get(w) ?? []),
  };
  return cached;
}

/** First index in a sorted array whose value is >= `prefix`. */
function lowerBound(sorted: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The data set's entry for a code ('f32.0', 'F320' or 'F32.0'), or null when it does not exist. */
export function findCieCode(code: string): CieEntry | null {
  const found = load().byKey.get(code.trim().replace('.', '').toUpperCase());
  return found ? { code: found.code, title: found.title } : null;
}

/** Builds the index now (at start-up or before a benchmark) instead of on the first search. */
export function warmCieIndex(): number {
  return load().entries.length;
}

// Lower rank is better: exact code, code prefix, title starting with the query, every word
// matched whole, prefix matches, stem matches; ties go to shorter titles, then the code order.
const EXACT_CODE = 0;
const CODE_PREFIX = 1;
const TITLE_START = 2;
const WHOLE_WORDS = 3;
const WORD_PREFIX = 4;
const STEM = 5;

const codeLike = /^[a-z]\d{0,2}(\.?\d?)?$/i;
/** Joining words a person types ('dolor de cabeza') need not appear in the title. */
const stopWords = new Set([
  'de',
  'del',
  'la',
  'las',
  'el',
  'los',
  'y',
  'e',
  'en',
  'con',
  'sin',
  'por',
  'a',
  'o',
]);

interface Ranked {
  i: number;
  r: number;
  len: number;
}
const worse = (a: Ranked, b: Ranked) =>
  a.r !== b.r ? a.r > b.r : a.len !== b.len ? a.len > b.len : a.i > b.i;

export function searchCie(query: string, limit = 20): CieEntry[] {
  const q = query.trim();
  if (q.length === 0) return [];
  const index = load();
  const { entries } = index;
  const n = entries.length;
  const rank = new Int8Array(n).fill(-1);

  if (codeLike.test(q)) {
    const key = q.replace('.', '').toUpperCase();
    for (let i = lowerBound(index.keys, key); i < n; i++) {
      const e = entries[i] as Indexed;
      if (!e.key.startsWith(key)) break;
      rank[i] = e.key === key ? EXACT_CODE : CODE_PREFIX;
    }
  }

  // One character is a chapter letter ('a' → A00–A99): as a word prefix it would match almost
  // every title and rank nothing useful.
  const all = q.length > 1 ? tokens(q) : [];
  const content = all.filter((t) => !stopWords.has(t));
  const queryTokens = content.length > 0 ? content : all;
  if (queryTokens.length > 0) {
    // Every token must match a word of the title; an entry ranks by its weakest token.
    let agg: Int8Array | null = null;
    for (const token of queryTokens) {
      const root = stem(token);
      // 'de' typed alone is on its way to 'depresión': the joining words themselves (in
      // thousands of titles) would only slow the answer down.
      const skipJoining = stopWords.has(token);
      const cur = new Int8Array(n).fill(-1);
      for (let w = lowerBound(index.words, root); w < index.words.length; w++) {
        const word = index.words[w] as string;
        if (!word.startsWith(root)) break;
        if (skipJoining && stopWords.has(word)) continue;
        const quality = word === token ? WHOLE_WORDS : word.startsWith(token) ? WORD_PREFIX : STEM;
        for (const i of index.postings[w] as number[]) {
          if (agg && agg[i] === -1) continue;
          const before = cur[i] as number;
          if (before === -1 || quality < before) cur[i] = quality;
        }
      }
      if (agg) {
        for (let i = 0; i < n; i++) if (cur[i] !== -1) cur[i] = Math.max(cur[i] as number, agg[i] as number);
      }
      agg = cur;
    }
    const qNorm = normalize(q);
    for (let i = 0; i < n; i++) {
      const quality = agg?.[i] ?? -1;
      if (quality === -1) continue;
      const r = (entries[i] as Indexed).norm.startsWith(qNorm) ? TITLE_START : quality;
      const before = rank[i] as number;
      if (before === -1 || r < before) rank[i] = r;
    }
  }

  // Keep the best `limit` without sorting every candidate (a one-letter query matches thousands).
  // Code matches keep the code order; word matches prefer shorter titles.
  const best: Ranked[] = [];
  for (let i = 0; i < n; i++) {
    const r = rank[i] as number;
    if (r === -1) continue;
    const item = { i, r, len: r <= CODE_PREFIX ? 0 : (entries[i] as Indexed).title.length };
    if (best.length === limit && !worse(best[limit - 1] as Ranked, item)) continue;
    let at = best.length;
    while (at > 0 && worse(best[at - 1] as Ranked, item)) at--;
    best.splice(at, 0, item);
    if (best.length > limit) best.pop();
  }
  return best.map(({ i }) => {
    const e = entries[i] as Indexed;
    return { code: e.code, title: e.title };
  });
}
