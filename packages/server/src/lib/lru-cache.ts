/**
 * A bounded map that forgets the entry used least recently when it is full. A Map keeps insertion order, so the
 * first key is the least recently used one when every hit moves its entry to the end.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`an LRU cache holds at least one entry, not ${limit}`);
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.limit) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
