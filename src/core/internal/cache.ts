/**
 * The core's bounded cache (`BoundedCache`), its one memo of hot loops' repeated questions.
 *
 * @module
 */

/**
 * The one bounded cache of the core. Hot loops ask the same small questions
 * again and again (the same zone, redemption date, URL, policy name), and an
 * unbounded memo would grow with every distinct input of a long-running
 * process. When full, the cache is emptied: no bookkeeping per hit, so a
 * lookup costs one `Map.get`, and a workload of few distinct keys (the common
 * one) never notices. Workloads of many keys pay a recomputation now and then,
 * never unbounded memory. The layers above the core take it from
 * `foundation/cache.ts` (shared with them; no entry point exports it).
 */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>()
  readonly limit: number

  constructor(limit = 4096) {
    this.limit = limit
  }

  get(key: K): V | undefined {
    return this.map.get(key)
  }

  has(key: K): boolean {
    return this.map.has(key)
  }

  /** Stores and returns `value`. */
  set(key: K, value: V): V {
    if (this.map.size >= this.limit) this.map.clear()
    this.map.set(key, value)
    return value
  }

  /** The cached value of `key`, computed by `compute` on a miss. */
  getOrCompute(key: K, compute: (key: K) => V): V {
    const known = this.map.get(key)
    if (known !== undefined || this.map.has(key)) return known as V
    return this.set(key, compute(key))
  }

  get size(): number {
    return this.map.size
  }
}
