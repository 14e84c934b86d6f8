import { type ReactNode, useEffect, useRef } from 'react';
import { useContainerWidth } from '../hooks/useContainerWidth.ts';

export interface PlanView {
  /** Canvas pixels per plan metre. */
  scale: number;
  width: number;
  height: number;
}

/** Where a layer over the plan's canvas goes: at its top left corner, letting the pointer through. */
export const layerStyle = { position: 'absolute', left: 0, top: 0, pointerEvents: 'none' } as const;

/**
 * A floor plan drawn to the width of its container, the plan's image underneath and the page's
 * drawing (heat, trajectories, lines) on top; `draw` runs again whenever its inputs change. The
 * canvas is named for assistive technology by `label`. `layers` go over the canvas, in their order,
 * at its size: drawings that change apart from the plan (a day's tracks) are not drawn again with it.
 */
export function PlanCanvas({
  plan,
  image,
  draw,
  layers,
  label,
  testId,
  canvasRef,
}: {
  plan: { widthM: number; heightM: number };
  image: HTMLImageElement | null;
  draw?: (context: CanvasRenderingContext2D, view: PlanView) => void;
  layers?: (view: PlanView) => ReactNode;
  label: string;
  testId: string;
  canvasRef?: React.RefObject<HTMLCanvasElement | null>;
}) {
  const own = useRef<HTMLCanvasElement>(null);
  const canvas = canvasRef ?? own;
  // A callback ref: the width is measured once the box exists (a plan loaded after the first render too).
  const [container, containerWidth] = useContainerWidth();
  const width = Math.min(1200, containerWidth);
  const scale = width / plan.widthM;
  const height = Math.round(plan.heightM * scale);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    context.clearRect(0, 0, width, height);
    if (image) context.drawImage(image, 0, 0, width, height);
    draw?.(context, { scale, width, height });
    element.dataset.drawn = image ? 'true' : 'false';
  }, [canvas, draw, image, scale, width, height]);
  return (
    <div ref={container} style={{ width: '100%', position: 'relative' }}>
      <canvas ref={canvas} width={width} height={height} role="img" aria-label={label} data-testid={testId} style={{ maxWidth: '100%', display: 'block' }} />
      {layers?.({ scale, width, height })}
    </div>
  );
}

/** A canvas over the plan's (a `PlanCanvas` layer) that `draw` draws on whenever it or the view changes. */
export function LayerCanvas({ view, draw, testId }: { view: PlanView; draw: (context: CanvasRenderingContext2D, view: PlanView) => void; testId: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { scale, width, height } = view;
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, width, height);
    draw(context, { scale, width, height });
  }, [draw, scale, width, height]);
  return <canvas ref={canvas} width={width} height={height} data-testid={testId} style={layerStyle} />;
}
