/**
 * The unit eigenvector of a symmetric matrix with the smallest eigenvalue, by the cyclic Jacobi
 * method (rotations that zero the off-diagonal entries one by one). For the 9×9 normal matrix of a
 * homography this converges in a handful of sweeps and needs no library.
 */
export function smallestEigenvector(symmetric: readonly (readonly number[])[]): number[] {
  const n = symmetric.length;
  const a = symmetric.map((row) => [...row]);
  const vectors = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  const at = (m: number[][], i: number, j: number) => (m[i] as number[])[j] as number;
  const set = (m: number[][], i: number, j: number, value: number) => {
    (m[i] as number[])[j] = value;
  };
  for (let sweep = 0; sweep < 100; sweep += 1) {
    let off = 0;
    for (let p = 0; p < n; p += 1) for (let q = p + 1; q < n; q += 1) off += at(a, p, q) ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p += 1)
      for (let q = p + 1; q < n; q += 1) {
        const apq = at(a, p, q);
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (at(a, q, q) - at(a, p, p)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k += 1) {
          const akp = at(a, k, p);
          const akq = at(a, k, q);
          set(a, k, p, c * akp - s * akq);
          set(a, k, q, s * akp + c * akq);
        }
        for (let k = 0; k < n; k += 1) {
          const apk = at(a, p, k);
          const aqk = at(a, q, k);
          set(a, p, k, c * apk - s * aqk);
          set(a, q, k, s * apk + c * aqk);
        }
        for (let k = 0; k < n; k += 1) {
          const vkp = at(vectors, k, p);
          const vkq = at(vectors, k, q);
          set(vectors, k, p, c * vkp - s * vkq);
          set(vectors, k, q, s * vkp + c * vkq);
        }
      }
  }
  let smallest = 0;
  for (let i = 1; i < n; i += 1) if (at(a, i, i) < at(a, smallest, smallest)) smallest = i;
  return vectors.map((row) => row[smallest] as number);
}
