// A binary min-heap of route-search entries (a location index, its cost and its steps), ordered by
// cost and then by fewer steps. Kept in growable typed arrays: a search pushes hundreds of entries
// and should allocate none of them one by one.
export class RouteHeap {
  private at = new Int32Array(64);
  private cost = new Float64Array(64);
  private steps = new Int32Array(64);
  size = 0;

  push(at: number, cost: number, steps: number) {
    if (this.size === this.at.length) this.grow();
    const A = this.at, C = this.cost, S = this.steps;
    // Sift the hole up from the end, then fill it.
    let i = this.size++;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!(cost < C[up] || (cost === C[up] && steps < S[up]))) break;
      A[i] = A[up]; C[i] = C[up]; S[i] = S[up];
      i = up;
    }
    A[i] = at; C[i] = cost; S[i] = steps;
  }

  /** Removes the least entry; read it first with topAt/topCost/topSteps. */
  pop() {
    const n = --this.size;
    if (n === 0) return;
    const A = this.at, C = this.cost, S = this.steps;
    // Sift the last entry down from the top, moving the lesser child up into the hole.
    const at = A[n], cost = C[n], steps = S[n];
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const m = r < n && (C[r] < C[l] || (C[r] === C[l] && S[r] < S[l])) ? r : l;
      if (!(C[m] < cost || (C[m] === cost && S[m] < steps))) break;
      A[i] = A[m]; C[i] = C[m]; S[i] = S[m];
      i = m;
    }
    A[i] = at; C[i] = cost; S[i] = steps;
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
