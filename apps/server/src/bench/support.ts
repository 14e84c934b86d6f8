/** What every benchmark needs: its command-line options and a table to print its figures in. */

/** Readers of `--name value` options: text, and positive integers with a default and a cap. */
export function benchArgs(args: readonly string[]) {
  const value = (name: string): string | undefined => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const int = (name: string, fallback: number, max: number): number => {
    const parsed = Number.parseInt(value(name) ?? '', 10);
    return Number.isFinite(parsed) && parsed > 0 ? Math.min(parsed, max) : fallback;
  };
  return { value, int, flag: (name: string) => args.includes(`--${name}`) };
}

/** Prints a Markdown table (first column left-aligned, the others right-aligned). */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log('');
  console.log(line(header));
  console.log(`|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('');
}
