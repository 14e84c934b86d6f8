/** Keys are made here only, from ids the server generated: 'panoramas/<customer>/<panorama>/...'. */
export const panoramaKeys = (customerId: string, panoramaId: string) => {
  const prefix = `panoramas/${customerId}/${panoramaId}`;
  return {
    prefix,
    full: `${prefix}/full.jpg`,
    base: `${prefix}/base.jpg`,
    tile: (col: number, row: number) => `${prefix}/tiles/${col}-${row}.jpg`,
  };
};
