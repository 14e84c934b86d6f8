import { floorplanOperations } from '@storelens/contracts';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { HEAT_LEGEND_HEIGHT } from '../../apps/web/src/features/floorplan/analysis/heatRamps.ts';
import { apiSignIn } from './admin.ts';
import { baseUrl, DEMO } from './browser.ts';

/** Reading the heat map as /area/storeHeat drew it on its canvas (shared by the area e2e specs). */

export const HEAT_BANDS = ['red', 'orange', 'yellow', 'green', 'blue'] as const;
export type HeatBands = Record<(typeof HEAT_BANDS)[number], number>;

/** A plan's image as the page loads it (read again through the API: the browser keeps no copy to read back). */
export async function planImageOf(planId: string): Promise<{ bytes: string; type: string }> {
  const api = await apiSignIn(DEMO.admin.account, DEMO.admin.password);
  const response = await fetch(`${baseUrl()}${floorplanOperations.planImage.path}?planId=${encodeURIComponent(planId)}`, {
    headers: { authorization: `Bearer ${api.token}`, 'x-customer-code': api.cid },
  });
  expect(response.status).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()).toString('base64'), type: response.headers.get('content-type') ?? 'image/png' };
}

export interface HeatReading {
  bands: HeatBands;
  /** Floor pixels the heat changed, and floor pixels sampled. */
  heat: number;
  floor: number;
  /** The heat pixels' bounding box in canvas pixels. */
  extent: { left: number; right: number; top: number; bottom: number };
}

/**
 * The heat painted on the plan's floor, counted by band of the ramps' hues (red, orange, yellow,
 * green, blue: the classic ramp's stops are at hues 359, 30, 60, 113 and 203). Only the plan is
 * sampled: the legend strip at the canvas's bottom (its gradient holds every band by itself) and a
 * margin of 5 % at each side are left out. And only the floor: the plan's image (`image`, the bytes
 * the page loaded, read again) is drawn alone at the canvas's size, and a pixel counts where the image shows its
 * most common colour (the empty floor, nearly neutral) and the page's canvas differs from it by more
 * than 24 in a channel: there the difference is heat, whatever colours the plan's furniture has.
 */
export async function heatBands(page: Page, image: { bytes: string; type: string }): Promise<HeatReading> {
  return page.getByTestId('heat-canvas').evaluate(
    async (element, { legend, names, png }) => {
      const canvas = element as HTMLCanvasElement;
      const marginX = Math.round(canvas.width * 0.05);
      const marginY = Math.round((canvas.height - legend) * 0.05);
      const width = canvas.width - 2 * marginX;
      const height = canvas.height - legend - 2 * marginY;
      const drawn = canvas.getContext('2d')?.getImageData(marginX, marginY, width, height).data ?? new Uint8ClampedArray();
      const plain = document.createElement('canvas');
      plain.width = canvas.width;
      plain.height = canvas.height;
      const plainContext = plain.getContext('2d');
      plainContext?.drawImage(
        await createImageBitmap(new Blob([Uint8Array.from(atob(png.bytes), (c) => c.charCodeAt(0))], { type: png.type })),
        0,
        0,
        canvas.width,
        canvas.height,
      );
      const base = plainContext?.getImageData(marginX, marginY, width, height).data ?? new Uint8ClampedArray();
      const counts = new Map<number, number>();
      for (let i = 0; i < base.length; i += 4) {
        const key = ((base[i] ?? 0) << 16) | ((base[i + 1] ?? 0) << 8) | (base[i + 2] ?? 0);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const floorKey = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
      const floorColour = [(floorKey >> 16) & 255, (floorKey >> 8) & 255, floorKey & 255];
      const bands = Object.fromEntries(names.map((name) => [name, 0])) as Record<string, number>;
      let heat = 0;
      // Where the heat pixels lie (canvas pixels), for a heat map limited to one area.
      const extent = { left: canvas.width, right: 0, top: canvas.height, bottom: 0 };
      let floor = 0;
      for (let i = 0; i < drawn.length; i += 4) {
        if (floorColour.some((value, channel) => Math.abs((base[i + channel] ?? 0) - value) > 2)) continue;
        floor += 1;
        const [r, g, b] = [drawn[i] ?? 0, drawn[i + 1] ?? 0, drawn[i + 2] ?? 0];
        if (Math.max(Math.abs(r - (floorColour[0] ?? 0)), Math.abs(g - (floorColour[1] ?? 0)), Math.abs(b - (floorColour[2] ?? 0))) <= 24) continue;
        const max = Math.max(r, g, b);
        const spread = max - Math.min(r, g, b) || 1;
        const hue = (max === r ? ((g - b) / spread) * 60 + 360 : max === g ? ((b - r) / spread) * 60 + 120 : ((r - g) / spread) * 60 + 240) % 360;
        const band = hue < 15 || hue >= 345 ? 'red' : hue < 45 ? 'orange' : hue < 80 ? 'yellow' : hue < 170 ? 'green' : hue < 260 ? 'blue' : null;
        if (!band) continue;
        heat += 1;
        const x = marginX + ((i / 4) % width);
        const y = marginY + Math.floor(i / 4 / width);
        extent.left = Math.min(extent.left, x);
        extent.right = Math.max(extent.right, x);
        extent.top = Math.min(extent.top, y);
        extent.bottom = Math.max(extent.bottom, y);
        bands[band] = (bands[band] ?? 0) + 1;
      }
      return { bands: bands as HeatBands, heat, floor, extent };
    },
    { legend: HEAT_LEGEND_HEIGHT, names: [...HEAT_BANDS], png: image },
  );
}

/**
 * Whether the heat on the floor is non-uniform: at least three bands each hold 1 % of the heat
 * pixels. This fails for a flat grid: with every cell at the same dwell, simpleheat's overlapping
 * blobs (radius 1.2 cells, as much blur, 0.5 m apart) add up to the top of the ramp everywhere
 * inside the plan, so the floor is one red band, the ramp's lower colours only in the fading edge
 * the 5 % margins leave out; and it fails with no heat at all (no heat pixels), which the old
 * whole-canvas check passed on the legend's gradient alone. The demo's real map passes on the
 * faint blue and green of its many cool cells and the yellow to red of the busy ones.
 */
export function nonUniform({ bands, heat }: { bands: HeatBands; heat: number }): boolean {
  if (heat === 0) return false;
  return HEAT_BANDS.filter((band) => bands[band] / heat >= 0.01).length >= 3;
}
