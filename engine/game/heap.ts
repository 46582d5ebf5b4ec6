// A binary min-heap of route-search entries (a location index, its cost and its steps), ordered by
// cost and then by fewer steps. Kept in growable typed arrays: a search pushes hundreds of entries
// and should allocate none of them one by one.
export class RouteHeap {
  private at = new Int32Array(64);
  private cost = new Float64Array(64);
  private steps = new Int32Array(64);
  size = 0;

  private less(i: number, j: number) {
    return this.cost[i] < this.cost[j] || (this.cost[i] === this.cost[j] && this.steps[i] < this.steps[j]);
  }

  private swap(i: number, j: number) {
    const at = this.at[i], cost = this.cost[i], steps = this.steps[i];
    this.at[i] = this.at[j]; this.cost[i] = this.cost[j]; this.steps[i] = this.steps[j];
    this.at[j] = at; this.cost[j] = cost; this.steps[j] = steps;
  }

  push(at: number, cost: number, steps: number) {
    if (this.size === this.at.length) this.grow();
    let i = this.size++;
    this.at[i] = at;
    this.cost[i] = cost;
    this.steps[i] = steps;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!this.less(i, up)) break;
      this.swap(i, up);
      i = up;
    }
  }

  /** Removes the least entry; read it first with topAt/topCost/topSteps. */
  pop() {
    const n = --this.size;
    if (n === 0) return;
    this.at[0] = this.at[n];
    this.cost[0] = this.cost[n];
    this.steps[0] = this.steps[n];
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.less(l, m)) m = l;
      if (r < n && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }

  get topAt() { return this.at[0]; }
  get topCost() { return this.cost[0]; }
  get topSteps() { return this.steps[0]; }

  private grow() {
    const at = new Int32Array(this.at.length * 2); at.set(this.at); this.at = at;
    const cost = new Float64Array(this.cost.length * 2); cost.set(this.cost); this.cost = cost;
    const steps = new Int32Array(this.steps.length * 2); steps.set(this.steps); this.steps = steps;
  }
}
